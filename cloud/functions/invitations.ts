import { isObjectId } from '../../src/domain/ids';
import { randomBytes } from 'node:crypto';
import {
  INVITATION_DAYS,
  MAX_OPEN_INVITATIONS,
  mayInvite,
  type Caller,
  type InvitationRow,
  type NewInvitation,
  type SignupPolicy,
} from '../../src/domain/signup';
import { isServerAdmin } from '../admins';
import { invitationCodeHash } from '../classes/invitation';
import {
  MASTER,
  Parse,
  refusal,
  requireUser,
  serverOnlyAcl,
  validationError,
  type FunctionRequest,
  type ParseUser,
} from '../parse';
import { currentSignupRules } from '../store/signupMode';
import { defineFunction, type CloudRequest } from './define';
import { queryOf, rowOf, type RowOf } from '../schema/rows';
import { invitationClass } from '../schema/invitation';

const DAY_MS = 86_400_000;

function openInvitations(now: Date) {
  return queryOf(invitationClass).doesNotExist('usedAt').greaterThan('expiresAt', now);
}

const usernameOf = (user: ParseUser | undefined) => {
  const username: unknown = user?.get('username');
  return typeof username === 'string' ? username : undefined;
};

/** Admins by the role the server gave their accounts, never by their current names. */
async function callerOf(user: ParseUser | undefined): Promise<Caller> {
  if (!user?.id) return 'visitor';
  return (await isServerAdmin(user)) ? 'admin' : 'person';
}

/** `signupPolicy()`: who may sign up here, and whether the caller may invite; asked with or without a session. */
async function signupPolicy(request: CloudRequest<'signupPolicy'>): Promise<SignupPolicy> {
  const rules = await currentSignupRules();
  const caller = await callerOf(request.user);
  return {
    mode: rules.mode,
    canInvite: mayInvite(rules, caller),
    isAdmin: caller === 'admin',
  };
}

function toRow(invitation: RowOf<typeof invitationClass>, fallbackMaker?: string): InvitationRow {
  return {
    id: invitation.id ?? '',
    createdBy: usernameOf(invitation.get('createdBy')) ?? fallbackMaker ?? '',
    createdAt: (invitation.createdAt ?? new Date()).toISOString(),
    expiresAt: invitation.get('expiresAt').toISOString(),
  };
}

async function requireInviter(
  request: FunctionRequest,
): Promise<{ user: ParseUser; username: string; admin: boolean }> {
  const { user } = requireUser(request.user);
  const rules = await currentSignupRules();
  if (rules.mode !== 'invite') {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.invitations.notUsed', { mode: rules.mode });
  }
  const caller = await callerOf(user);
  if (!mayInvite(rules, caller)) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.invitations.adminsOnly');
  }
  return { user, username: usernameOf(user) ?? '', admin: caller === 'admin' };
}

/**
 * `createInvitation()`: a link for one person to sign up, valid for seven days. The code is in the
 * answer only; at most 50 open invitations per person.
 */
async function createInvitation(request: CloudRequest<'createInvitation'>): Promise<NewInvitation> {
  const { user, username } = await requireInviter(request);
  const now = new Date();
  const open = await openInvitations(now).equalTo('createdBy', user).count(MASTER);
  if (open >= MAX_OPEN_INVITATIONS) {
    throw validationError('server.invitations.tooManyOpen', { max: MAX_OPEN_INVITATIONS });
  }
  const code = randomBytes(24).toString('base64url');
  const invitation = rowOf(invitationClass);
  invitation.set({
    codeHash: invitationCodeHash(code),
    createdBy: user,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  invitation.setACL(serverOnlyAcl());
  await invitation.save(null, MASTER);
  return { ...toRow(invitation, username), code };
}

/** `listInvitations()`: the open invitations, everyone's for an admin, else the caller's own; newest first. */
async function listInvitations(request: CloudRequest<'listInvitations'>): Promise<InvitationRow[]> {
  const { user, admin } = await requireInviter(request);
  const query = openInvitations(new Date()).include('createdBy').descending('createdAt').limit(1000);
  if (!admin) query.equalTo('createdBy', user);
  return (await query.find(MASTER)).map((invitation) => toRow(invitation));
}

/**
 * `revokeInvitation({ invitationId })`: an open invitation stops working; its maker or an admin may.
 * Anyone else's is "not found", as is one already used.
 */
async function revokeInvitation(request: CloudRequest<'revokeInvitation'>): Promise<{ revoked: true }> {
  const { user, admin } = await requireInviter(request);
  const { invitationId } = request.params;
  if (!isObjectId(invitationId)) {
    throw validationError('server.invitations.invitationId');
  }
  const query = openInvitations(new Date()).equalTo('objectId', invitationId);
  if (!admin) query.equalTo('createdBy', user);
  const invitation = await query.first(MASTER);
  if (!invitation) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.invitations.notFound');
  await invitation.destroy(MASTER);
  return { revoked: true };
}

export function registerInvitationFunctions(): void {
  defineFunction('signupPolicy', signupPolicy);
  defineFunction('createInvitation', createInvitation);
  defineFunction('listInvitations', listInvitations);
  defineFunction('revokeInvitation', revokeInvitation);
}
