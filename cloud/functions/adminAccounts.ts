import { DEFAULT_LANGUAGE } from '../../src/domain/languages';
import {
  ACTION_REASON_MAX,
  ACTION_REASON_MIN,
  type AdminAccountActionKind,
} from '../../src/domain/moderation';
import { t } from '../../src/i18n/messages';
import { inLanguage } from '../../server/http/i18n';
import { administratorCount, roleOf } from '../admins';
import { languagesOf } from '../languages';
import { MASTER, Parse, refusal, validationError, type ParseUser } from '../parse';
import { recordAction } from '../store/moderation';
import { deleteAccountOf } from './account';
import { defineFunction, type CloudRequest } from './define';
import { readId, readText, requireAdmin } from './moderation';

/**
 * Admins' actions on an account: a password reset sent to its address, and its deletion. Each is
 * written to the moderation record, which outlives the account and names it by username.
 */

async function personOf(userId: string): Promise<ParseUser> {
  const person = await new Parse.Query(Parse.User).get(userId, MASTER).catch(() => undefined);
  if (!person) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noPerson');
  return person;
}

function record(admin: ParseUser, action: AdminAccountActionKind, person: ParseUser, reason: string) {
  const personId = person.id ?? '';
  return recordAction({ moderator: admin, action, targetKind: 'user', targetId: personId, reason, personId });
}

/**
 * Sends Parse's own password-reset mail to the person's address, in their language: only to an
 * address they have confirmed, so a reset never goes to someone who merely typed it in.
 */
async function sendPasswordReset(request: CloudRequest<'sendPasswordReset'>): Promise<{ sent: true }> {
  const { user } = await requireAdmin(request);
  const userId = readId(request.params.userId, 'userId');
  const reason = readText(request.params.reason, 'reason', ACTION_REASON_MIN, ACTION_REASON_MAX);
  const person = await personOf(userId);
  const email: unknown = person.get('email');
  if (typeof email !== 'string' || email === '') {
    throw refusal(Parse.Error.EMAIL_MISSING, 'server.moderation.noEmail');
  }
  if (person.get('emailVerified') !== true) {
    throw refusal(Parse.Error.EMAIL_NOT_FOUND, 'server.moderation.emailUnconfirmed');
  }
  await Parse.User.requestPasswordReset(email, MASTER);
  await record(user, 'passwordReset', person, reason);
  return { sent: true };
}

/** Tells the person by mail, in their language, that an admin deleted their account and why. */
async function mailDeletion(person: ParseUser, reason: string): Promise<void> {
  const email: unknown = person.get('email');
  if (typeof email !== 'string' || email === '') return;
  const userId = person.id ?? '';
  try {
    const language = (await languagesOf([userId])).get(userId) ?? DEFAULT_LANGUAGE;
    const mail = inLanguage(language, () => ({
      subject: t('server.mail.accountDeletedSubject', { appName: 'FITSTREAK' }),
      text: t('server.mail.accountDeletedText', {
        appName: 'FITSTREAK',
        username: String(person.get('username')),
        reason,
      }),
    }));
    await Parse.Cloud.sendEmail({ to: email, ...mail });
  } catch (error) {
    console.error(`Could not mail ${userId} about the deletion of their account:`, error);
  }
}

/**
 * Deletes a person's account as their own deletion does. An owner's account is never deleted
 * here, an admin's only by an owner, and the last person who administers the server stays.
 */
async function deleteAccount(
  request: CloudRequest<'deleteAccount'>,
): Promise<{ deleted: true; actionId: string }> {
  const { user, userId: callerId, role: callerRole } = await requireAdmin(request);
  const userId = readId(request.params.userId, 'userId');
  const reason = readText(request.params.reason, 'reason', ACTION_REASON_MIN, ACTION_REASON_MAX);
  const person = await personOf(userId);
  const role = await roleOf(userId);
  if (role === 'owner') throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.ownerAccountStays');
  if (role === 'admin' && (await administratorCount()) <= 1) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.lastAdmin');
  }
  if (userId === callerId) throw validationError('server.moderation.notYourself', { field: 'userId' });
  if (role === 'admin' && callerRole !== 'owner') {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.ownerDeletesAdmins');
  }
  const actionId = await record(user, 'deleteAccount', person, reason);
  await mailDeletion(person, reason);
  await deleteAccountOf(userId);
  return { deleted: true, actionId };
}

export function registerAdminAccountFunctions(): void {
  defineFunction('sendPasswordReset', sendPasswordReset);
  defineFunction('deleteAccount', deleteAccount);
}
