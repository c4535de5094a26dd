import { SETTINGS_DEFAULTS, userRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';
import { isAvatarFileOf } from '../../src/domain/images';
import { isReservedUsername } from '../../src/domain/signup';
import {
  ownerAcl,
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  validationError,
  type CloudObject,
  type TriggerRequest,
} from '../parse';
import { refuseSuspended } from '../suspension';
import { signupRules } from '../signupRules';
import { takeSsoClaims } from '../ssoSignups';
import { requireStepUp } from '../stepUp';
import { deleteAvatarFile } from './avatarFile';
import { checkSignup, spendInvitation } from './invitation';

/**
 * The contract's limits on usernames and display names, for sign-up and every later change;
 * Parse itself checks the email address, uniqueness and the password policy.
 */
function checkUser({ object }: TriggerRequest): void {
  const [first] = checkFields(userRules, object.attributes);
  if (first) throw refuseProblem(first);
}

/**
 * A name ADMIN_USERNAMES lists goes to no account but by the operator: not at sign-up, in a rename,
 * or from a provider's `preferred_username`, so nobody becomes, or passes for, an admin by a name.
 */
function refuseReservedUsername({ object, original, master }: TriggerRequest): void {
  const username: unknown = object.get('username');
  if (master || typeof username !== 'string' || username === original?.get('username')) return;
  if (isReservedUsername(signupRules(), username))
    throw validationError('server.user.usernameReserved', { field: 'username' });
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
  if (!ownUpload) throw validationError('server.user.avatarNotOwn');
}

/**
 * Parse Server crashes when it encodes a File without a URL after a `_User` trigger (even to log a
 * refusal), so such a value is taken out and refused before anything else can throw.
 */
function refuseFileWithoutUrl({ object }: TriggerRequest): void {
  const avatar: unknown = object.get('avatar');
  if (!(avatar instanceof Parse.File) || avatar.url()) return;
  object.unset('avatar');
  throw validationError('server.user.avatarUrl');
}

/** A username from what the provider calls the person: the allowed characters, made unique, never a listed admin's. */
async function freeUsername(wanted: string | undefined): Promise<string> {
  const base = (wanted ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24);
  const stem = base.length >= 3 ? base : `member${base}`;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const candidate = attempt === 0 ? stem : `${stem}${Math.floor(1000 + Math.random() * 9000)}`;
    const taken = await new Parse.Query(Parse.User)
      .equalTo('username', candidate)
      .first({ useMasterKey: true });
    if (!taken && !isReservedUsername(signupRules(), candidate)) return candidate;
  }
  return `${stem}${Date.now().toString(36)}`.slice(0, 30);
}

/**
 * A first login through the OpenID Connect provider (server/auth/oidc.ts) makes an account named after
 * what the provider says: a username, the display name, and the e-mail address it verified when
 * no other account has it (else the login was refused before this, to be linked with a password).
 */
async function completeSsoSignup({ object, original }: TriggerRequest): Promise<void> {
  const authData = object.get('authData') as { oidc?: { id?: unknown } } | undefined;
  const sub = authData?.oidc?.id;
  if (original || typeof sub !== 'string') return;
  const claims = takeSsoClaims(sub);
  if (!claims) return;
  if (!object.get('username')) object.set('username', await freeUsername(claims.preferredUsername));
  const displayName = claims.name?.trim().slice(0, 50);
  if (displayName && !object.get('displayName')) object.set('displayName', displayName);
  if (claims.email && !object.get('email')) object.set('email', claims.email);
}

/**
 * A client changes its e-mail address or password only with the current password (or a fresh
 * sign-in through the provider) in the request's context as `currentPassword`: a stolen session
 * alone cannot move the account to another address or lock its owner out. Parse's own password
 * reset and the server write with the master key.
 */
async function requireStepUpForCredentials({ object, original, master, user, context }: TriggerRequest) {
  if (master || !original) return;
  const password = object.dirtyKeys().includes('password');
  const email = object.dirtyKeys().includes('email') && object.get('email') !== original.get('email');
  if (!password && !email) return;
  await requireStepUp(requireUser(user).user, context?.currentPassword, {
    field: 'currentPassword',
    needed: password ? 'server.account.currentPasswordForPassword' : 'server.account.currentPasswordForEmail',
    wrong: 'server.account.currentPasswordWrong',
  });
}

/** A suspension is written by moderators' functions with the master key, never by the person. */
function refuseSuspensionChange({ object, master }: TriggerRequest): void {
  const dirty = object.dirtyKeys();
  if (!master && (dirty.includes('suspendedUntil') || dirty.includes('chatMutedUntil'))) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.account.suspensionIsModerators');
  }
}

async function beforeSaveUser(request: TriggerRequest): Promise<void> {
  refuseSuspensionChange(request);
  if (request.original && !request.master) await refuseSuspended(request.user);
  refuseFileWithoutUrl(request);
  await requireStepUpForCredentials(request);
  await completeSsoSignup(request);
  checkUser(request);
  refuseReservedUsername(request);
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
  const acl = ownerAcl(person.id);
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
