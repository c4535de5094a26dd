import { t, type MessageId, type MessageValues } from '../i18n/messages';

/**
 * Parse's error codes, named once for the browser, the server's own middleware and the tests (the
 * numbers are Parse's, `Parse.Error.*`; cloud code may use those, which are the same).
 */
export const ErrorCode = {
  OTHER_CAUSE: -1,
  INTERNAL_SERVER_ERROR: 1,
  CONNECTION_FAILED: 100,
  OBJECT_NOT_FOUND: 101,
  INVALID_QUERY: 102,
  OPERATION_FORBIDDEN: 119,
  TIMEOUT: 124,
  INVALID_JSON: 107,
  INVALID_EMAIL_ADDRESS: 125,
  DUPLICATE_VALUE: 137,
  SCRIPT_FAILED: 141,
  VALIDATION_ERROR: 142,
  REQUEST_LIMIT_EXCEEDED: 155,
  DUPLICATE_REQUEST: 159,
  USERNAME_MISSING: 200,
  PASSWORD_MISSING: 201,
  USERNAME_TAKEN: 202,
  EMAIL_TAKEN: 203,
  EMAIL_MISSING: 204,
  EMAIL_NOT_FOUND: 205,
  INVALID_SESSION_TOKEN: 209,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An error as Parse's SDKs and Parse Server make them: a numeric code and a sentence. */
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

/** The values a refusal's sentence was written with; dates travel as ISO strings. */
export type RefusalValues = Readonly<Record<string, string | number>>;

/**
 * What the server says beside Parse's `{ code, error }` when it refuses: the message the sentence
 * was written from, its values, and the field it concerns (an API name such as `currentPassword`),
 * so a client places the refusal at its field and tells refusals apart without reading the
 * sentence. `error` stays the sentence, in the caller's language, for clients that know no more.
 */
export interface RefusalDetail {
  messageId: MessageId;
  values: RefusalValues;
  field?: string;
}

/** A refusal's whole answer body. */
export interface RefusalBody extends Partial<RefusalDetail> {
  code: number;
  error: string;
}

/** The detail of an answer body or an error that carries one; anything malformed is no detail. */
export function refusalDetailOf(value: unknown): RefusalDetail | null {
  if (typeof value !== 'object' || value === null) return null;
  const { messageId, values, field } = value as Record<string, unknown>;
  if (typeof messageId !== 'string' || typeof values !== 'object' || values === null) return null;
  const kept: Record<string, string | number> = {};
  for (const [name, given] of Object.entries(values)) {
    if (typeof given === 'string' || typeof given === 'number') kept[name] = given;
  }
  return {
    messageId: messageId as MessageId,
    values: kept,
    ...(typeof field === 'string' ? { field } : {}),
  };
}

/**
 * Something wrong with what was given, written once for both sides: the sentence for people (in
 * the language shown, or the caller's on the server), and the message and values it was written
 * from, which the server sends beside it. `values.field`, when given, names the field it concerns.
 */
export interface Problem {
  message: string;
  messageId: MessageId;
  values: MessageValues;
}

export function problem(messageId: MessageId, values: MessageValues = {}): Problem {
  return { message: t(messageId, values), messageId, values };
}
