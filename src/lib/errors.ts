import {
  ErrorCode,
  isParseLikeError,
  refusalDetailOf,
  type ParseLikeError,
  type RefusalDetail,
} from '@/domain/errors';

export { isParseLikeError, type ParseLikeError };
import { t, type MessageId } from '@/i18n';

/** Parse error codes turned into sentences people can act on; raw codes never reach the screen. */
const SENTENCES: Readonly<Record<number, MessageId>> = {
  [ErrorCode.CONNECTION_FAILED]: 'common.errors.unreachable',
  [ErrorCode.OBJECT_NOT_FOUND]: 'common.errors.notFound',
  [ErrorCode.OPERATION_FORBIDDEN]: 'common.errors.notAllowed',
  [ErrorCode.TIMEOUT]: 'common.errors.timeout',
  [ErrorCode.INVALID_EMAIL_ADDRESS]: 'common.errors.invalidEmail',
  [ErrorCode.DUPLICATE_VALUE]: 'common.errors.duplicate',
  [ErrorCode.SCRIPT_FAILED]: 'common.errors.serverFailed',
  [ErrorCode.VALIDATION_ERROR]: 'common.errors.invalidValues',
  [ErrorCode.REQUEST_LIMIT_EXCEEDED]: 'common.errors.tooManyRequests',
  [ErrorCode.DUPLICATE_REQUEST]: 'common.errors.alreadySent',
  [ErrorCode.USERNAME_MISSING]: 'common.errors.usernameMissing',
  [ErrorCode.PASSWORD_MISSING]: 'common.errors.passwordMissing',
  [ErrorCode.USERNAME_TAKEN]: 'common.errors.usernameTaken',
  [ErrorCode.EMAIL_TAKEN]: 'common.errors.emailTaken',
  [ErrorCode.EMAIL_MISSING]: 'common.errors.emailMissing',
  [ErrorCode.EMAIL_NOT_FOUND]: 'common.errors.emailUnknown',
  [ErrorCode.INVALID_SESSION_TOKEN]: 'common.errors.sessionExpired',
};

/** A refusal from the server with what it says beside the sentence (src/domain/errors.ts). */
export type Refusal = ParseLikeError & RefusalDetail;

const NETWORK_FAILURE = /failed to fetch|networkerror|network request failed|load failed|unable to connect/i;

/**
 * True when the request never got an answer (offline, server down). fetch rejects with a TypeError;
 * the Parse SDK passes that on as a ParseError without a code, or as a plain string.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof error === 'string') return NETWORK_FAILURE.test(error);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (code === undefined || code === ErrorCode.CONNECTION_FAILED) && NETWORK_FAILURE.test(error.message);
}

/** True for a Parse error with this code. */
export function hasCode(error: unknown, code: number): boolean {
  return isParseLikeError(error) && error.code === code;
}

/** The server's refusal with its message id, values and field, or null for any other error. */
export function refusalOf(error: unknown): Refusal | null {
  if (!isParseLikeError(error)) return null;
  const detail = refusalDetailOf(error);
  return detail ? { code: error.code, message: error.message, ...detail } : null;
}

/** Where to show an error: at one of the form's `fields` when the refusal names it, else for the form. */
export type UiError<Field extends string> =
  { field: Field; sentence: string } | { field: null; sentence: string };

export function toUiError<Field extends string>(error: unknown, fields: readonly Field[]): UiError<Field> {
  const sentence = errorSentence(error);
  const named = refusalOf(error)?.field;
  const field = fields.find((candidate) => candidate === named);
  return field === undefined ? { field: null, sentence } : { field, sentence };
}

/** The sentence to show for any error thrown by a data call. */
export function errorSentence(error: unknown): string {
  if (isNetworkFailure(error)) return t('common.errors.unreachable');
  if (!isParseLikeError(error)) {
    return error instanceof Error && error.message ? error.message : t('common.errors.tryAgain');
  }
  const { code, message } = error;
  // The server's refusals come as sentences in the language shown, written for people; a refusal of
  // the values (142) kept from earlier, by the outbox, still names what was wrong: show those.
  if ((refusalOf(error) || code === ErrorCode.VALIDATION_ERROR) && message) return message;
  const sentence = SENTENCES[code];
  return t(sentence ?? 'common.errors.tryAgain');
}
