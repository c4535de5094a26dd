import { describe, expect, it } from 'vitest';
import { checkSignUp, passwordProblem } from './account';

const valid = {
  username: 'sam_runs',
  email: 'sam@example.com',
  password: 'long enough pw',
  confirmPassword: 'long enough pw',
};

describe('checkSignUp', () => {
  it('accepts a valid sign-up', () => {
    expect(checkSignUp(valid)).toEqual([]);
  });

  it('names each field that is wrong', () => {
    const errors = checkSignUp({
      username: 'a b',
      email: 'nope',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(errors.map((error) => error.field)).toEqual(['username', 'email', 'password', 'confirmPassword']);
    expect(errors[0]?.message).toMatch(/letters, digits/);
  });

  it('refuses usernames shorter than 3 or longer than 30 characters', () => {
    expect(checkSignUp({ ...valid, username: 'ab' })[0]?.message).toMatch(/3–30 characters/);
    expect(checkSignUp({ ...valid, username: 'a'.repeat(31) })[0]?.message).toMatch(/3–30 characters/);
  });
});

describe('passwordProblem', () => {
  it('refuses a password shorter than 8 characters or containing the username', () => {
    expect(passwordProblem('1234567', 'sam')?.message).toMatch(/at least 8/);
    expect(passwordProblem('my-SAM-password', 'sam')?.message).toMatch(/username/);
    expect(passwordProblem('correct horse', 'sam')).toBeNull();
  });
});
