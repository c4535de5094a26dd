import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_CODE_PATTERN,
  INVITATION_DAYS,
  isAdmin,
  MAX_OPEN_INVITATIONS,
  mayInvite,
  type InvitationRow,
  type NewInvitation,
  type SignupPolicy,
} from '../../src/domain/signup';
import {
  Parse,
  requireUser,
  validationError,
  type CloudObject,
  type FunctionRequest,
  type ParseUser,
  type TriggerRequest,
} from '../parse';
import { signupRules } from '../signupRules';

const MASTER = { useMasterKey: true } as const;
const DAY_MS = 86_400_000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** Only an invitation's hash is stored, so a leaked table opens no sign-up. */
function openInvitations(now: Date) {
  return new Parse.Query('Invitation').doesNotExist('usedAt').greaterThan('expiresAt', now);
}

const usernameOf = (user: ParseUser | undefined) => {
  const username: unknown = user?.get('username');
  return typeof username === 'string' ? username : undefined;
};

/**
 * A sign-up on a server that is not open: refused when closed; on an invite-only server it must
 * bring a valid invitation's code in the request's context, and the new account records it (the
 * invitation is spent once the account exists: `spendInvitation`). Nothing is created otherwise.
 */
export async function checkSignup(request: TriggerRequest): Promise<void> {
  const { object, original, master } = request;
  if (master) return;
  if (original) {
    if (object.dirty('invitation')) throw validationError('invitation is set by the server.');
    return;
  }
  const { mode } = signupRules();
  if (mode === 'open') {
    if (object.get('invitation') !== undefined) throw validationError('invitation is set by the server.');
    return;
  }
  if (mode === 'closed') {
    throw new Parse.Error(
      Parse.Error.OPERATION_FORBIDDEN,
      'Sign-up is closed on this server. Ask the person who runs it for an account.',
    );
  }
  const code: unknown = request.context?.invitation;
  if (typeof code !== 'string' || code === '') {
    throw validationError(
      'invitation: this server takes new accounts by invitation only. Open the link you were sent.',
    );
  }
  const invitation = INVITATION_CODE_PATTERN.test(code)
    ? await new Parse.Query('Invitation').equalTo('codeHash', hashOf(code)).first(MASTER)
    : undefined;
  if (!invitation) {
    throw validationError('invitation: this invitation link is not valid. It may be mistyped or revoked.');
  }
  const spent =
    invitation.get('usedAt') !== undefined ||
    (await new Parse.Query(Parse.User).equalTo('invitation', invitation).count(MASTER)) > 0;
  if (spent) throw validationError('invitation: this invitation has already been used.');
  const expiresAt = invitation.get('expiresAt') as Date;
  if (expiresAt.getTime() <= Date.now()) {
    throw validationError(`invitation: this invitation expired on ${expiresAt.toISOString().slice(0, 10)}.`);
  }
  object.set('invitation', invitation);
}

/**
 * After an invited sign-up: the earliest account made with the invitation keeps it and marks it
 * used; an account that raced it with the same code (both checked before either existed) is
 * removed again, sessions and all. Answers whether the new account stays.
 */
export async function spendInvitation(person: CloudObject): Promise<boolean> {
  const invitation = person.get('invitation') as CloudObject | undefined;
  if (!invitation || !person.id) return true;
  const [first] = await new Parse.Query(Parse.User)
    .equalTo('invitation', invitation)
    .ascending('createdAt')
    .addAscending('objectId')
    .limit(1)
    .find(MASTER);
  if (first && first.id !== person.id) {
    const sessions = await new Parse.Query(Parse.Session).equalTo('user', person).find(MASTER);
    await Parse.Object.destroyAll(sessions, MASTER);
    await person.destroy(MASTER);
    return false;
  }
  invitation.set({ usedAt: new Date(), usedBy: person });
  await invitation.save(null, MASTER);
  return true;
}

/** `signupPolicy()`: who may sign up here, and whether the caller may invite; asked with or without a session. */
function signupPolicy(request: FunctionRequest): Promise<SignupPolicy> {
  const rules = signupRules();
  const username = usernameOf(request.user);
  return Promise.resolve({
    mode: rules.mode,
    canInvite: mayInvite(rules, username),
    isAdmin: isAdmin(rules, username),
  });
}

function toRow(invitation: CloudObject, fallbackMaker?: string): InvitationRow {
  return {
    id: invitation.id ?? '',
    createdBy: usernameOf(invitation.get('createdBy') as ParseUser | undefined) ?? fallbackMaker ?? '',
    createdAt: (invitation.createdAt ?? new Date()).toISOString(),
    expiresAt: (invitation.get('expiresAt') as Date).toISOString(),
  };
}

function requireInviter(request: FunctionRequest): { user: ParseUser; username: string } {
  const { user } = requireUser(request.user);
  const rules = signupRules();
  const username = usernameOf(user) ?? '';
  if (rules.mode !== 'invite') {
    throw new Parse.Error(
      Parse.Error.OPERATION_FORBIDDEN,
      `Invitations are not used here: sign-up on this server is ${rules.mode}.`,
    );
  }
  if (!mayInvite(rules, username)) {
    throw new Parse.Error(
      Parse.Error.OPERATION_FORBIDDEN,
      'Only the admins of this server make invitations.',
    );
  }
  return { user, username };
}

/**
 * `createInvitation()`: a link for one person to sign up, valid for seven days. The code is in the
 * answer only; at most 50 open invitations per person.
 */
async function createInvitation(request: FunctionRequest): Promise<NewInvitation> {
  const { user, username } = requireInviter(request);
  const now = new Date();
  const open = await openInvitations(now).equalTo('createdBy', user).count(MASTER);
  if (open >= MAX_OPEN_INVITATIONS) {
    throw validationError(
      `You have ${MAX_OPEN_INVITATIONS} open invitations: revoke one, or wait until one is used or expires.`,
    );
  }
  const code = randomBytes(24).toString('base64url');
  const invitation = new Parse.Object('Invitation');
  invitation.set({
    codeHash: hashOf(code),
    createdBy: user,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  invitation.setACL(new Parse.ACL());
  await invitation.save(null, MASTER);
  return { ...toRow(invitation, username), code };
}

/** `listInvitations()`: the open invitations, everyone's for an admin, else the caller's own; newest first. */
async function listInvitations(request: FunctionRequest): Promise<InvitationRow[]> {
  const { user, username } = requireInviter(request);
  const query = openInvitations(new Date()).include('createdBy').descending('createdAt').limit(1000);
  if (!isAdmin(signupRules(), username)) query.equalTo('createdBy', user);
  return (await query.find(MASTER)).map((invitation) => toRow(invitation));
}

/**
 * `revokeInvitation({ invitationId })`: an open invitation stops working; its maker or an admin may.
 * Anyone else's is "not found", as is one already used.
 */
async function revokeInvitation(request: FunctionRequest): Promise<{ revoked: true }> {
  const { user, username } = requireInviter(request);
  const { invitationId } = request.params;
  if (typeof invitationId !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(invitationId)) {
    throw validationError('invitationId must be the id of an invitation.');
  }
  const query = openInvitations(new Date()).equalTo('objectId', invitationId);
  if (!isAdmin(signupRules(), username)) query.equalTo('createdBy', user);
  const invitation = await query.first(MASTER);
  if (!invitation) throw new Parse.Error(Parse.Error.OBJECT_NOT_FOUND, 'That invitation was not found.');
  await invitation.destroy(MASTER);
  return { revoked: true };
}

export function registerInvitationFunctions(): void {
  Parse.Cloud.define('signupPolicy', signupPolicy);
  Parse.Cloud.define('createInvitation', createInvitation);
  Parse.Cloud.define('listInvitations', listInvitations);
  Parse.Cloud.define('revokeInvitation', revokeInvitation);
}
