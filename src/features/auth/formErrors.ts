import type { FieldError } from '@/domain/fieldRules';

/** What an auth action answers when it does not redirect: field errors and/or one sentence. */
export interface AuthActionResult {
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  done?: string;
  /** The password was right and the account asks for a two-factor code. */
  needsCode?: boolean;
}

export function fieldErrorMap(errors: readonly FieldError[]): Partial<Record<string, string>> {
  const map: Partial<Record<string, string>> = {};
  for (const error of errors) map[error.field] ??= error.message;
  return map;
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
