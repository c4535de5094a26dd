import { isValidTimeZone } from '../../src/domain/calendarDays';
import { Parse, validationError, type CloudObject, type ParseUser } from '../parse';

/** One Settings row per person; a second one is refused, so every reader finds the same row. */
export async function completeSettings(
  object: CloudObject,
  original: CloudObject | undefined,
): Promise<void> {
  const timezone: unknown = object.get('timezone');
  if (typeof timezone === 'string' && !isValidTimeZone(timezone)) {
    throw validationError('timezone must be a time zone name such as Europe/Berlin.');
  }
  if (original) return;
  const owner = object.get('user') as ParseUser | undefined;
  if (!owner) return;
  const existing = await new Parse.Query('Settings').equalTo('user', owner).first({ useMasterKey: true });
  if (existing) throw new Parse.Error(Parse.Error.DUPLICATE_VALUE, 'Settings already exist for this person.');
}
