import { t } from '@/i18n';
import { errorSentence, toUiError, type FormFieldNames } from './errors';
import { formText } from './formValues';

/**
 * What an action answers when it did not do what was asked: one sentence for the form and/or one
 * for each field it names. Every route's result is a union of what each intent did, told apart by
 * `kind`, and this.
 */
export interface Refused<FieldErrors = never> {
  readonly kind: 'refused';
  readonly formError?: string;
  readonly fieldErrors?: FieldErrors;
}

/** A refusal with one sentence for the form. */
export const refusedWith = (formError: string): Refused => ({ kind: 'refused', formError });

/** A refusal with a sentence for each field that was wrong. */
export const refusedFields = <FieldErrors>(fieldErrors: FieldErrors): Refused<FieldErrors> => ({
  kind: 'refused',
  fieldErrors,
});

/**
 * A refusal the server answered, at the form's field when it names one of `fields`, else as the
 * form's sentence.
 */
export function refusedByServer<Field extends string>(
  error: unknown,
  fields: readonly Field[] | FormFieldNames<Field>,
): Refused<Partial<Record<Field, string>>> {
  const shown = toUiError(error, fields);
  if (shown.field === null) return refusedWith(shown.sentence);
  const fieldErrors: Partial<Record<Field, string>> = {};
  fieldErrors[shown.field] = shown.sentence;
  return refusedFields(fieldErrors);
}

/** The refusal an action answered, or undefined when it answered anything else (or nothing yet). */
export function refusalIn<Result extends { readonly kind: string }>(
  result: Result | undefined,
): Extract<Result, { kind: 'refused' }> | undefined {
  return result?.kind === 'refused' ? (result as Extract<Result, { kind: 'refused' }>) : undefined;
}

/**
 * A route's actions by the value of the form's `intent` field, each answering the route's result.
 * Declared `{ … } satisfies Intents<Result>`: a handler answering anything else fails to compile.
 */
export type Intents<Result> = Readonly<Record<string, (form: FormData) => Promise<Result>>>;

/**
 * Runs the action the form's intent names. A missing or unknown intent does nothing and is refused
 * with a sentence (no action is anyone's default); a failed one is refused as `refuse` says: by
 * default with the error's sentence for the form; a route whose forms show the server's refusals
 * at their fields passes `(error) => refusedByServer(error, itsFieldNames)`.
 */
export async function runIntent<Result>(
  form: FormData,
  intents: Intents<Result>,
  refuse: (error: unknown) => Result | Refused = (error) => refusedWith(errorSentence(error)),
): Promise<Result | Refused> {
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) return refusedWith(t('common.errors.unknownAction'));
  try {
    return await handler(form);
  } catch (error) {
    return refuse(error);
  }
}
