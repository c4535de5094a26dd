/** Two-factor sign-in with a time-based one-time password (RFC 6238) and single-use recovery codes. */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Codes one period either side of now are accepted, for clocks a little apart. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes in a row before sign-in with a code pauses for LOCK_MINUTES. */
export const MAX_CODE_FAILURES = 5;
export const LOCK_MINUTES = 5;

/** The longest a code field takes: a recovery code typed with spaces or dashes fits. */
export const CODE_FIELD_MAX_LENGTH = 40;
/** The longest the app's code field takes when two-factor sign-in is turned on ("123 456"). */
export const TOTP_FIELD_MAX_LENGTH = 8;

/** The login request's context key that carries the code. */
export const TWO_FACTOR_CONTEXT_KEY = 'twoFactorCode';

/** What a person typed, without spaces or dashes, in lower case: how codes are compared. */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

export const isTotpCode = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/** A recovery code: ten letters and digits of base32, shown as two groups of five. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{10}$/;

export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** The start of enrolment: the secret to add to an authenticator app, as text and as a URI for a QR code. */
export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
}
