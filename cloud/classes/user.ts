import { SETTINGS_DEFAULTS, userRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';
import { isAvatarFileOf } from '../../src/domain/images';
import { Parse, validationError, type CloudObject, type TriggerRequest } from '../parse';
import { deleteAvatarFile } from './avatarFile';
import { checkSignup, spendInvitation } from './invitation';

/**
 * The contract's limits on usernames and display names, for sign-up and every later change;
 * Parse itself checks the email address, uniqueness and the password policy.
 */
function checkUser({ object }: TriggerRequest): void {
  const [first] = checkFields(userRules, object.attributes);
  if (first) throw validationError(first.message);
}

/**
 * A person's avatar may only be a picture they uploaded themselves (the upload trigger names it
 * after them), never another person's file or an outside URL; removing it is always allowed.
 */
function checkAvatar({ object, master }: TriggerRequest): void {
  if (master || !object.dirty('avatar')) return;
  const avatar: unknown = object.get('avatar');
  if (avatar === undefined || avatar === null) return;
  const ownUpload = avatar instanceof Parse.File && !!object.id && isAvatarFileOf(avatar.name(), object.id);
  if (!ownUpload) throw validationError('avatar must be a picture you uploaded yourself.');
}

/**
 * Parse Server crashes when it encodes a File without a URL after a `_User` trigger (even to log a
 * refusal), so such a value is taken out and refused before anything else can throw.
 */
function refuseFileWithoutUrl({ object }: TriggerRequest): void {
  const avatar: unknown = object.get('avatar');
  if (!(avatar instanceof Parse.File) || avatar.url()) return;
  object.unset('avatar');
  throw validationError('avatar must be sent with the URL it was uploaded under.');
}

async function beforeSaveUser(request: TriggerRequest): Promise<void> {
  refuseFileWithoutUrl(request);
  checkUser(request);
  checkAvatar(request);
  await checkSignup(request);
}

/** A replaced or removed avatar is deleted from storage; Parse never deletes files by itself. */
async function deleteReplacedAvatar({ object, original }: TriggerRequest): Promise<void> {
  const previous: unknown = original?.get('avatar');
  const current: unknown = object.get('avatar');
  if (!(previous instanceof Parse.File) || !object.id) return;
  if (current instanceof Parse.File && current.name() === previous.name()) return;
  await deleteAvatarFile(previous, object.id);
}

/**
 * A new person gets their one Settings row with the contract's defaults, owner-only, so every
 * reader finds it and the settings page only ever updates it. The master key is needed because
 * the sign-up request carries no session yet. A row already there is fine; any other failure is
 * logged, never the sign-up's, since every reader falls back to the same defaults.
 */
async function createSettings(person: CloudObject): Promise<void> {
  if (!person.id) return;
  const acl = new Parse.ACL();
  acl.setReadAccess(person.id, true);
  acl.setWriteAccess(person.id, true);
  const settings = new Parse.Object('Settings', {
    ...SETTINGS_DEFAULTS,
    user: Parse.User.createWithoutData(person.id),
  });
  settings.setACL(acl);
  try {
    await settings.save(null, { useMasterKey: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === Parse.Error.DUPLICATE_VALUE) return;
    console.error(`Could not create the Settings of ${person.id}:`, error);
  }
}

/** Parse keeps one afterSave per class: sign-up and later changes both come through here. */
async function afterSaveUser(request: TriggerRequest): Promise<void> {
  if (!request.original) {
    if (!(await spendInvitation(request.object))) return;
    await createSettings(request.object);
  }
  await deleteReplacedAvatar(request);
}

export function registerUserTriggers(): void {
  Parse.Cloud.beforeSave('_User', beforeSaveUser);
  Parse.Cloud.afterSave('_User', afterSaveUser);
}
