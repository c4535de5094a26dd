import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  isTotpCode,
  LOCK_MINUTES,
  MAX_CODE_FAILURES,
  normalizeCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  TWO_FACTOR_CONTEXT_KEY,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '../../src/domain/twoFactor';
import { sqlClient } from '../database';
import {
  MASTER,
  numberOr,
  Parse,
  requireUser,
  serverOnlyAcl,
  validationError,
  type CloudObject,
  type ParseUser,
} from '../parse';
import { requireStepUp } from '../stepUp';
import { defineFunction, type CloudRequest } from './define';
import { queryOf, rowOf, setFields, type RowOf } from '../schema/rows';
import { twoFactorClass } from '../schema/twoFactor';

type TwoFactorRow = RowOf<typeof twoFactorClass>;

const ISSUER = 'FITSTREAK';
const MINUTE_MS = 60_000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

const totpFor = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code belongs to, or null when it is no code of this secret near now. */
function stepOf(secret: string, code: string, now: number): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten recovery codes of ten base32 letters and digits, 50 random bits each. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(randomBytes(10), (byte) => BASE32[byte % 32]).join(''),
  );
}

function twoFactorOf(user: ParseUser): Promise<TwoFactorRow | undefined> {
  return queryOf(twoFactorClass).equalTo('user', user).first(MASTER);
}

const isEnabled = (row: TwoFactorRow | undefined): boolean =>
  row !== undefined && row.get('enabledAt') instanceof Date && typeof row.get('secret') === 'string';

const recoveryHashesOf = (row: TwoFactorRow): string[] => {
  const hashes: unknown = row.get('recoveryHashes');
  return Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string') : [];
};

/**
 * Takes `lastStep` forward to `step` only if no code of that step or a later one was taken
 * before: one conditional UPDATE, so two sign-ups racing with one code cannot both pass.
 */
async function takeStep(row: TwoFactorRow, step: number): Promise<boolean> {
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<{ objectId: string }>(
      `UPDATE "TwoFactor" SET "lastStep" = $2, "failures" = 0 WHERE "objectId" = $1
         AND ("lastStep" IS NULL OR "lastStep" < $2) RETURNING "objectId"`,
      [row.id, step],
    );
    return rows.length === 1;
  }
  if (numberOr(row.get('lastStep'), -1) >= step) return false;
  setFields(row, { lastStep: step, failures: 0 });
  await row.save(null, MASTER);
  return true;
}

/** Takes a recovery code out of the unused ones; false when it is not among them. */
async function takeRecoveryCode(row: TwoFactorRow, code: string): Promise<boolean> {
  const hash = hashOf(code);
  if (!recoveryHashesOf(row).includes(hash)) return false;
  const sql = sqlClient();
  if (sql) {
    // Parse keeps an Array as jsonb; removing the element only where it still is decides a race.
    const { rows } = await sql.query<{ objectId: string }>(
      `UPDATE "TwoFactor" SET "recoveryHashes" = "recoveryHashes" - $2::text, "failures" = 0
         WHERE "objectId" = $1 AND "recoveryHashes" ? $2::text RETURNING "objectId"`,
      [row.id, hash],
    );
    return rows.length === 1;
  }
  row.remove('recoveryHashes', hash);
  row.set('failures', 0);
  await row.save(null, MASTER);
  return true;
}

/** A wrong code counts; the fifth in a row pauses sign-in with a code for five minutes. */
async function countFailure(row: TwoFactorRow): Promise<void> {
  const failures = numberOr(row.get('failures'), 0) + 1;
  if (failures >= MAX_CODE_FAILURES) {
    setFields(row, { failures: 0, lockedUntil: new Date(Date.now() + LOCK_MINUTES * MINUTE_MS) });
  } else {
    row.set('failures', failures);
  }
  await row.save(null, MASTER);
}

/**
 * Checks a code typed for an account with two-factor sign-in: a current authenticator code not
 * taken before, or an unused recovery code (then spent). Refusals are 142 naming `field`.
 */
async function checkCode(row: TwoFactorRow, typed: unknown, field: string): Promise<void> {
  const lockedUntil = row.get('lockedUntil');
  if (lockedUntil && lockedUntil.getTime() > Date.now()) {
    const minutes = Math.ceil((lockedUntil.getTime() - Date.now()) / MINUTE_MS);
    throw validationError('server.twoFactor.locked', { field, minutes });
  }
  const code = typeof typed === 'string' && typed.length <= 40 ? normalizeCode(typed) : '';
  if (isTotpCode(code)) {
    const step = stepOf(row.get('secret') ?? '', code, Date.now());
    if (step !== null) {
      if (await takeStep(row, step)) return;
      throw validationError('server.twoFactor.codeUsed', { field });
    }
  } else if (RECOVERY_CODE_PATTERN.test(code) && (await takeRecoveryCode(row, code))) {
    return;
  }
  await countFailure(row);
  throw validationError('server.twoFactor.codeWrong', { field });
}

/**
 * Before a session is made: an account with two-factor sign-in needs a code in the login's
 * context (`twoFactorCode`). Without one the answer says so, and no session exists.
 */
export async function requireSecondFactor(request: {
  object: CloudObject;
  context?: Record<string, unknown>;
}): Promise<void> {
  const row = await twoFactorOf(request.object as ParseUser);
  if (!row || !isEnabled(row)) return;
  const typed = request.context?.[TWO_FACTOR_CONTEXT_KEY];
  // The refusal names the code's place in the login's context, where the app puts it.
  const field = TWO_FACTOR_CONTEXT_KEY;
  if (typed === undefined || typed === '') {
    throw validationError('server.twoFactor.codeNeeded', { field });
  }
  await checkCode(row, typed, field);
}

/** `twoFactorStatus()`: whether the caller's sign-in asks for a code, and how many recovery codes are left. */
async function twoFactorStatus(request: CloudRequest<'twoFactorStatus'>): Promise<TwoFactorStatus> {
  const { user } = requireUser(request.user);
  const row = await twoFactorOf(user);
  return row && isEnabled(row)
    ? { enabled: true, recoveryCodesLeft: recoveryHashesOf(row).length }
    : { enabled: false, recoveryCodesLeft: 0 };
}

/** `startTwoFactor()`: a new secret for the caller's authenticator app; on only once a code confirms it. */
async function startTwoFactor(request: CloudRequest<'startTwoFactor'>): Promise<TwoFactorEnrolment> {
  const { user } = requireUser(request.user);
  const row = (await twoFactorOf(user)) ?? rowOf(twoFactorClass);
  if (isEnabled(row)) throw validationError('server.twoFactor.alreadyOn');
  const secret = new Secret({ size: 20 }).base32;
  setFields(row, { user, pendingSecret: secret });
  row.setACL(serverOnlyAcl());
  await row.save(null, MASTER);
  return { secret, uri: totpFor(secret, String(user.get('username') ?? '')).toString() };
}

/**
 * `confirmTwoFactor({ code, password })`: with the password, a code from the app proves it holds the secret; sign-in asks for a
 * code from now on, and the answer carries the ten recovery codes, shown this once.
 */
async function confirmTwoFactor(
  request: CloudRequest<'confirmTwoFactor'>,
): Promise<{ recoveryCodes: string[] }> {
  const { user } = requireUser(request.user);
  const row = await twoFactorOf(user);
  const pending: unknown = row?.get('pendingSecret');
  if (!row || isEnabled(row) || typeof pending !== 'string' || pending === '') {
    throw validationError('server.twoFactor.notStarted');
  }
  const { code, password } = request.params;
  await requireStepUp(user, password, {
    field: 'password',
    needed: 'server.twoFactor.passwordToTurnOn',
    wrong: 'server.twoFactor.wrongPasswordOff',
  });
  const typed = typeof code === 'string' ? normalizeCode(code) : '';
  const step = isTotpCode(typed) ? stepOf(pending, typed, Date.now()) : null;
  if (step === null) {
    throw validationError('server.twoFactor.confirmWrong', { field: 'code' });
  }
  const recoveryCodes = newRecoveryCodes();
  setFields(row, {
    secret: pending,
    pendingSecret: '',
    enabledAt: new Date(),
    recoveryHashes: recoveryCodes.map(hashOf),
    lastStep: step,
    failures: 0,
  });
  await row.save(null, MASTER);
  return { recoveryCodes };
}

/** `disableTwoFactor({ password, code })`: with the password and a code, sign-in asks for the password only. */
async function disableTwoFactor(request: CloudRequest<'disableTwoFactor'>): Promise<{ enabled: false }> {
  const { user } = requireUser(request.user);
  const { password, code } = request.params;
  const row = await twoFactorOf(user);
  if (!row || !isEnabled(row)) throw validationError('server.twoFactor.alreadyOff');
  await requireStepUp(user, password, {
    field: 'password',
    needed: 'server.twoFactor.passwordNeeded',
    wrong: 'server.twoFactor.wrongPassword',
  });
  await checkCode(row, code, 'code');
  await row.destroy(MASTER);
  return { enabled: false };
}

export function registerTwoFactorFunctions(): void {
  Parse.Cloud.beforeLogin(requireSecondFactor);
  defineFunction('twoFactorStatus', twoFactorStatus);
  defineFunction('startTwoFactor', startTwoFactor);
  defineFunction('confirmTwoFactor', confirmTwoFactor);
  defineFunction('disableTwoFactor', disableTwoFactor);
}
