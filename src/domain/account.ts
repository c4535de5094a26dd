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
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  }
  if (username && password.toLowerCase().includes(username.toLowerCase())) {
    return 'Password must not contain the username.';
  }
  return null;
}

/** The sign-up form's checks, the same limits the server enforces. */
export function checkSignUp(input: SignUpInput): FieldError[] {
  const errors: FieldError[] = [];
  const usernameProblem = checkField('Username', userRules.username, input.username);
  if (usernameProblem) {
    errors.push({
      field: 'username',
      message: usernameProblem.includes('not allowed')
        ? 'Username may contain only letters, digits, "_", "." and "-".'
        : usernameProblem,
    });
  }
  if (!EMAIL_PATTERN.test(input.email)) {
    errors.push({ field: 'email', message: 'Enter an e-mail address like name@example.com.' });
  }
  const password = passwordProblem(input.password, input.username);
  if (password) errors.push({ field: 'password', message: password });
  if (input.password !== input.confirmPassword) {
    errors.push({ field: 'confirmPassword', message: 'The two passwords do not match.' });
  }
  return errors;
}
