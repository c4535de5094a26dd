import { t } from '../i18n/messages';
import { userRules } from './contract';
import { checkField, type FieldError } from './fieldRules';

export const PASSWORD_MIN_LENGTH = 8;

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function passwordProblem(password: string, username: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return t('account.account.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  }
  if (username && password.toLowerCase().includes(username.toLowerCase())) {
    return t('account.account.passwordHasUsername');
  }
  return null;
}

/** The sign-up form's checks, the same limits the server enforces. */
export function checkSignUp(input: SignUpInput): FieldError[] {
  const errors: FieldError[] = [];
  const username = t('account.account.username');
  const usernameProblem = checkField(username, userRules.username, input.username);
  if (usernameProblem) {
    errors.push({
      field: 'username',
      message:
        usernameProblem === t('domain.field.characters', { field: username })
          ? t('account.account.usernameCharacters')
          : usernameProblem,
    });
  }
  if (!EMAIL_PATTERN.test(input.email)) {
    errors.push({ field: 'email', message: t('account.account.email') });
  }
  const password = passwordProblem(input.password, input.username);
  if (password) errors.push({ field: 'password', message: password });
  if (input.password !== input.confirmPassword) {
    errors.push({ field: 'confirmPassword', message: t('account.account.passwordsDiffer') });
  }
  return errors;
}
