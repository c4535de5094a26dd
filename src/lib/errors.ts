/** Parse error codes turned into sentences people can act on; raw codes never reach the screen. */
const SENTENCES: Readonly<Record<number, string>> = {
  100: 'The server could not be reached. Check your connection and try again.',
  101: 'That item was not found, or you are not allowed to see it.',
  119: 'You are not allowed to do that.',
  124: 'The server took too long to answer. Please try again.',
  125: 'That e-mail address is not valid.',
  137: 'That already exists.',
  141: 'The server could not complete that request.',
  142: 'Some of the values are not valid.',
  155: 'Too many requests. Please wait a moment and try again.',
  159: 'That request was already sent.',
  200: 'Please enter your username.',
  201: 'Please enter your password.',
  202: 'That username is taken. Please choose another.',
  203: 'An account already uses that e-mail address.',
  204: 'Please enter your e-mail address.',
  205: 'No account uses that e-mail address.',
  209: 'Your session has expired. Please log in again.',
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
  if (isNetworkFailure(error)) return SENTENCES[100] ?? 'The server could not be reached.';
  if (!isParseLikeError(error)) {
    return error instanceof Error && error.message
      ? error.message
      : 'Something went wrong. Please try again.';
  }
  const { code, message } = error;
  // Our cloud code and Parse's own validators write sentences that name the field: show those.
  if (code === 142 && message) return message;
  if (code === 101 && /invalid username\/password/i.test(message)) return 'Wrong username or password.';
  if (/account is locked/i.test(message)) {
    return 'This account is locked after too many failed attempts. Try again in 5 minutes or reset your password.';
  }
  if (/password must|password should|password.*username/i.test(message)) return message;
  if (code === 100 && /too many requests/i.test(message)) return SENTENCES[155] ?? message;
  return SENTENCES[code] ?? 'Something went wrong. Please try again.';
}
