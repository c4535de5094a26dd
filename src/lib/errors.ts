import {
  ErrorCode,
  isParseLikeError,
  refusalDetailOf,
  type ParseLikeError,
  type RefusalDetail,
} from '@/domain/errors';

export { isParseLikeError, type ParseLikeError };
import { languageOfMessages } from '@/i18n/messages';
import { t, type MessageId, type MessageValues } from '@/i18n';

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

/**
 * How a form calls the fields the rules name (API names such as `weightKg`): the form's own field
 * that shows the refusal, and the message of the label the person reads above it.
 */
export type FormFieldNames<Field extends string> = Readonly<
  Record<string, { field: Field; label: MessageId }>
>;

/** A problem as the rules state it, in the browser or from the server: its message and values. */
export interface StatedProblem {
  messageId: MessageId;
  values: MessageValues;
  field?: string | undefined;
}

/** The sentence with a capital letter first, as the language shown writes it. */
export function capitalized(sentence: string): string {
  const first = sentence.codePointAt(0);
  if (first === undefined) return sentence;
  const letter = String.fromCodePoint(first);
  return letter.toLocaleUpperCase(languageOfMessages()) + sentence.slice(letter.length);
}

/** The rules' messages the browser has whatever the page (`domain`); the server's own it does not. */
const isDomainMessage = (messageId: string) => messageId.startsWith('domain.');

/**
 * A problem's sentence as shown at its field: each field it names (its own, or one it is compared
 * with, such as a start date) called by the label the person reads, in the language shown, with a
 * capital letter first. `fallback` is said when the message is not one the browser has.
 */
export function sentenceAtField(
  problem: StatedProblem,
  names: FormFieldNames<string>,
  fallback: string = t('common.errors.invalidValues'),
): string {
  if (!isDomainMessage(problem.messageId)) return capitalized(fallback);
  const values = Object.fromEntries(
    Object.entries(problem.values).map(([name, value]) => {
      const named = typeof value === 'string' && Object.hasOwn(names, value) ? names[value] : undefined;
      return [name, named ? t(named.label) : value];
    }),
  );
  return capitalized(t(problem.messageId, values));
}

/** Where a form shows a problem its own check found, or one the server stated: at its field when the form has it. */
export function problemAt<Field extends string>(
  problem: StatedProblem,
  names: FormFieldNames<Field>,
  fallback: string,
): UiError<Field> {
  const named =
    problem.field !== undefined && Object.hasOwn(names, problem.field) ? names[problem.field] : undefined;
  if (!named) return { field: null, sentence: fallback };
  return { field: named.field, sentence: sentenceAtField(problem, names, fallback) };
}

/**
 * Where to show an error: a refusal naming one of the form's fields at that field, else for the
 * form. `fields` lists the form's fields by the names the server uses, or maps those names to the
 * form's fields and labels, so the sentence names the field as the form does.
 */
export function toUiError<Field extends string>(
  error: unknown,
  fields: readonly Field[] | FormFieldNames<Field>,
): UiError<Field> {
  const sentence = errorSentence(error);
  const refusal = refusalOf(error);
  if (!isFieldList(fields)) return refusal ? problemAt(refusal, fields, sentence) : { field: null, sentence };
  const named = refusal?.field;
  const field = fields.find((candidate) => candidate === named);
  return field === undefined ? { field: null, sentence } : { field, sentence };
}

function isFieldList<Field extends string>(
  fields: readonly Field[] | FormFieldNames<Field>,
): fields is readonly Field[] {
  return Array.isArray(fields);
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
