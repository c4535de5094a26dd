import { userRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';
import { Parse, validationError, type TriggerRequest } from '../parse';

/**
 * The contract's limits on usernames and display names, for sign-up and every later change;
 * Parse itself checks the email address, uniqueness and the password policy.
 */
function checkUser({ object }: TriggerRequest): void {
  const [first] = checkFields(userRules, object.attributes);
  if (first) throw validationError(first.message);
}

export function registerUserTriggers(): void {
  Parse.Cloud.beforeSave('_User', checkUser);
}
