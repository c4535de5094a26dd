import { t } from '@/i18n';
import { errorSentence } from './errors';
import { formText } from './formValues';

/**
 * A route's actions by the value of the form's `intent` field, each answering the route's result.
 * Declared `{ … } satisfies Intents<Result>`: a handler answering anything else fails to compile.
 */
export type Intents<Result> = Readonly<Record<string, (form: FormData) => Promise<Result>>>;

/**
 * Runs the action the form's intent names. A missing or unknown intent does nothing and answers
 * `{ formError }` with a sentence (no action is anyone's default); a failed one answers the
 * sentence `sentenceOf` makes of its error.
 */
export async function runIntent<Result>(
  form: FormData,
  intents: Intents<Result>,
  sentenceOf: (error: unknown) => string = errorSentence,
): Promise<Result | { formError: string }> {
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) return { formError: t('common.errors.unknownAction') };
  try {
    return await handler(form);
  } catch (error) {
    return { formError: sentenceOf(error) };
  }
}
