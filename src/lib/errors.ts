import { t, type MessageId } from '@/i18n';

/** Parse error codes turned into sentences people can act on; raw codes never reach the screen. */
const SENTENCES: Readonly<Record<number, MessageId>> = {
  100: 'common.errors.unreachable',
  101: 'common.errors.notFound',
  119: 'common.errors.notAllowed',
  124: 'common.errors.timeout',
  125: 'common.errors.invalidEmail',
  137: 'common.errors.duplicate',
  141: 'common.errors.serverFailed',
  142: 'common.errors.invalidValues',
  155: 'common.errors.tooManyRequests',
  159: 'common.errors.alreadySent',
  200: 'common.errors.usernameMissing',
  201: 'common.errors.passwordMissing',
  202: 'common.errors.usernameTaken',
  203: 'common.errors.emailTaken',
  204: 'common.errors.emailMissing',
  205: 'common.errors.emailUnknown',
  209: 'common.errors.sessionExpired',
};

export const SESSION_EXPIRED = 209;

export interface ParseLikeError {
  code: number;
  message: string;
}

export function isParseLikeError(error: unknown): error is ParseLikeError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

const NETWORK_FAILURE = /failed to fetch|networkerror|network request failed|load failed|unable to connect/i;

/**
 * True when the request never got an answer (offline, server down). fetch rejects with a TypeError;
 * the Parse SDK passes that on as a ParseError without a code, or as a plain string.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof error === 'string') return NETWORK_FAILURE.test(error);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (code === undefined || code === 100) && NETWORK_FAILURE.test(error.message);
}

/** The sentence to show for any error thrown by a data call. */
export function errorSentence(error: unknown): string {
  if (isNetworkFailure(error)) return t('common.errors.unreachable');
  if (!isParseLikeError(error)) {
    return error instanceof Error && error.message ? error.message : t('common.errors.tryAgain');
  }
  const { code, message } = error;
  // Our cloud code and Parse's own validators write sentences that name the field: show those.
  if (code === 142 && message) return message;
  if (code === 101 && /invalid username\/password/i.test(message)) return t('common.errors.wrongCredentials');
  if (/account is locked/i.test(message)) return t('common.errors.accountLocked');
  if (/password must|password should|password.*username/i.test(message)) return message;
  if (code === 100 && /too many requests/i.test(message)) return t('common.errors.tooManyRequests');
  const sentence = SENTENCES[code];
  return t(sentence ?? 'common.errors.tryAgain');
}
