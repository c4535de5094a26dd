import { createHash } from 'node:crypto';
import { INVITATION_CODE_PATTERN } from '../../src/domain/signup';
import { MASTER, Parse, refusal, validationError, type CloudObject, type TriggerRequest } from '../parse';
import { invitationClass } from '../schema/invitation';
import { asRow, queryOf, rowOf, setFields } from '../schema/rows';
import { userClass } from '../schema/user';
import { currentSignupRules } from '../store/signupMode';

/** Only an invitation's hash is stored, so a leaked table opens no sign-up. */
export const invitationCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * A sign-up on a server that is not open: refused when closed; on an invite-only server it must
 * bring a valid invitation's code in the request's context, and the new account records it (the
 * invitation is spent once the account exists: `spendInvitation`). Nothing is created otherwise.
 */
export async function checkSignup(request: TriggerRequest): Promise<void> {
  const { object, original, master } = request;
  if (master) return;
  if (original) {
    if (object.dirty('invitation')) throw validationError('server.invitation.setByServer');
    return;
  }
  const { mode } = await currentSignupRules();
  if (mode === 'open') {
    if (object.get('invitation') !== undefined) throw validationError('server.invitation.setByServer');
    return;
  }
  if (mode === 'closed') {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.invitation.signupClosed');
  }
  const code: unknown = request.context?.invitation;
  if (typeof code !== 'string' || code === '') {
    throw validationError('server.invitation.required', { field: 'invitation' });
  }
  const invitation = INVITATION_CODE_PATTERN.test(code)
    ? await queryOf(invitationClass).equalTo('codeHash', invitationCodeHash(code)).first(MASTER)
    : undefined;
  if (!invitation) {
    throw validationError('server.invitation.invalid', { field: 'invitation' });
  }
  const spent =
    invitation.get('usedAt') !== undefined ||
    (await new Parse.Query(Parse.User).equalTo('invitation', invitation).count(MASTER)) > 0;
  if (spent) throw validationError('server.invitation.used', { field: 'invitation' });
  const expiresAt = invitation.get('expiresAt');
  if (expiresAt.getTime() <= Date.now()) {
    throw validationError('server.invitation.expired', {
      field: 'invitation',
      date: expiresAt.toISOString().slice(0, 10),
    });
  }
  object.set('invitation', invitation);
}

/**
 * After an invited sign-up: the first account to claim the invitation keeps it (an atomic
 * increment decides, so two sign-ups that passed the check together cannot both win); a later
 * one is removed again, sessions and all. Answers whether the new account stays.
 */
export async function spendInvitation(person: CloudObject): Promise<boolean> {
  const invitation = asRow(userClass, person).get('invitation');
  if (!invitation?.id || !person.id) return true;
  // A bare pointer, so the save sends the increment alone and answers the count it reached.
  const claim = rowOf(invitationClass, invitation.id);
  claim.increment('claims');
  await claim.save(null, MASTER);
  if (claim.get('claims') !== 1) {
    const sessions = await new Parse.Query(Parse.Session).equalTo('user', person).find(MASTER);
    await Parse.Object.destroyAll(sessions, MASTER);
    await person.destroy(MASTER);
    return false;
  }
  setFields(claim, { usedAt: new Date(), usedBy: Parse.User.createWithoutData(person.id) });
  await claim.save(null, MASTER);
  return true;
}
