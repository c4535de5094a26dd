import { t } from '../i18n/messages';
import { userRules } from './contract';
import { problem, type Problem } from './errors';
import { fieldError, fieldProblem, type FieldError } from './fieldRules';

export const PASSWORD_MIN_LENGTH = 8;

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function passwordProblem(password: string, username: string): Problem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return problem('account.account.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  }
  if (username && password.toLowerCase().includes(username.toLowerCase())) {
    return problem('account.account.passwordHasUsername');
  }
  return null;
}

/** The sign-up form's checks, the same limits the server enforces. */
export function checkSignUp(input: SignUpInput): FieldError[] {
  const errors: FieldError[] = [];
  const username = t('account.account.username');
  const usernameProblem = fieldProblem(username, userRules.username, input.username);
  if (usernameProblem) {
    errors.push(
      usernameProblem.messageId === 'domain.field.characters'
        ? fieldError('username', 'account.account.usernameCharacters')
        : { ...usernameProblem, field: 'username' },
    );
  }
  if (!EMAIL_PATTERN.test(input.email)) {
    errors.push(fieldError('email', 'account.account.email'));
  }
  const password = passwordProblem(input.password, input.username);
  if (password) errors.push({ field: 'password', ...password });
  if (input.password !== input.confirmPassword) {
    errors.push(fieldError('confirmPassword', 'account.account.passwordsDiffer'));
  }
  return errors;
}
