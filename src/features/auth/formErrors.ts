import type { FieldError } from '@/domain/fieldRules';
import type { Refused } from '@/lib/routeActions';

/** What an auth action answers when it does not redirect. */
export type AuthActionResult =
  /**
   * The password (or the provider) was right and the account asks for a two-factor code;
   * `codeError` says what was wrong with the one given.
   */
  | { kind: 'needsCode'; codeError?: string }
  /** Done, with a sentence saying so (a reset link sent). */
  | { kind: 'sent'; notice: string }
  | Refused<Partial<Record<string, string>>>;

export function fieldErrorMap(errors: readonly FieldError[]): Partial<Record<string, string>> {
  const map: Partial<Record<string, string>> = {};
  for (const error of errors) map[error.field] ??= error.message;
  return map;
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
