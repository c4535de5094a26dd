import { errorSentence, isParseLikeError } from '@/lib/errors';

/** Codes for which the friends functions answer with a sentence written for people. */
const OWN_SENTENCES = new Set([101, 137, 142, 155]);

/**
 * The sentence for a failed friends call. The friends functions name what went wrong ("You already
 * sent anna a request."), which says more than the general sentence for the code.
 */
export function friendErrorSentence(error: unknown): string {
  if (isParseLikeError(error) && OWN_SENTENCES.has(error.code) && /^[A-Z].*\.$/.test(error.message)) {
    return error.message;
  }
  return errorSentence(error);
}
