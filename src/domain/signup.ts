/** Who may create an account on a server: its operator's choice (SIGNUP, ADMIN_USERNAMES, INVITES_BY_USERS). */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export const isSignupMode = (value: unknown): value is SignupMode =>
  typeof value === 'string' && (SIGNUP_MODES as readonly string[]).includes(value);

export interface SignupRules {
  mode: SignupMode;
  /**
   * The usernames of the people who administer the server, as its operator lists them; the accounts
   * that have them at start get the admin role (cloud/admins.ts), and the names are kept from others.
   */
  adminUsernames: readonly string[];
  /** With `invite`, every person may make invitations, not only the admins. */
  invitesByUsers: boolean;
}

/** How long an invitation link can be used. */
export const INVITATION_DAYS = 7;

/** The most invitations one person may have open at once. */
export const MAX_OPEN_INVITATIONS = 50;

/** An invitation's code: 32 characters of base64url, 192 random bits. */
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** What the sign-up page and the settings page are told (`signupPolicy`). */
export interface SignupPolicy {
  mode: SignupMode;
  /** The caller may make invitations now. */
  canInvite: boolean;
  /** The caller administers the server: sees and revokes everyone's invitations. */
  isAdmin: boolean;
}

/** Who asks: nobody signed in, a person, or a person who holds the server's admin role. */
export type Caller = 'visitor' | 'person' | 'admin';

/**
 * A name ADMIN_USERNAMES lists is given to no account but by the operator (the master key): the
 * account that had it at start is admin by its id, so taking the name, or one an admin renamed away
 * from, must not look like being that admin. Compared without case, as Parse compares usernames.
 */
export function isReservedUsername(rules: SignupRules, username: string): boolean {
  const wanted = username.toLowerCase();
  return rules.adminUsernames.some((name) => name.toLowerCase() === wanted);
}

/** Invitations only mean something on an invite-only server; there, admins make them, or everyone if allowed. */
export function mayInvite(rules: SignupRules, caller: Caller): boolean {
  if (rules.mode !== 'invite' || caller === 'visitor') return false;
  return rules.invitesByUsers || caller === 'admin';
}

/** An open invitation as its maker (or an admin) sees it. */
export interface InvitationRow {
  id: string;
  /** The username of the person who made it. */
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** A new invitation: its row, and its code for the link to give (shown once; only its hash is stored). */
export interface NewInvitation extends InvitationRow {
  code: string;
}

/** The sign-up page's address for an invitation's code. */
export function invitationLink(origin: string, code: string): string {
  return `${origin}/signup?invitation=${encodeURIComponent(code)}`;
}
