import { describe, expect, it } from 'vitest';
import { errorSentence } from './errors';

describe('errorSentence', () => {
  it('turns Parse codes into sentences without numbers', () => {
    expect(errorSentence({ code: 100, message: 'XMLHttpRequest failed' })).toMatch(/could not be reached/);
    expect(errorSentence({ code: 202, message: 'Account already exists for this username.' })).toBe(
      'That username is taken. Please choose another.',
    );
    expect(errorSentence({ code: 203, message: 'Account already exists for this email address.' })).toMatch(
      /already uses that e-mail/,
    );
    expect(errorSentence({ code: 209, message: 'Invalid session token' })).toMatch(/session has expired/);
    expect(errorSentence({ code: 155, message: 'x' })).toMatch(/Too many requests/);
  });

  it('says the server could not be reached when fetch itself fails', () => {
    expect(errorSentence(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });

  it('says the server could not be reached when the Parse SDK passes a failed fetch on', () => {
    // The SDK wraps fetch's TypeError in a ParseError whose code is undefined.
    const wrapped = Object.assign(new Error('Failed to fetch'), { code: undefined });
    expect(errorSentence(wrapped)).toMatch(/could not be reached/);
    expect(errorSentence('Unable to connect to the Parse API')).toMatch(/could not be reached/);
  });

  it('keeps a coded error that merely mentions fetching as that code says', () => {
    expect(errorSentence({ code: 141, message: 'Failed to fetch the food list' })).toBe(
      'The server could not complete that request.',
    );
  });

  it('says wrong username or password for a failed login', () => {
    expect(errorSentence({ code: 101, message: 'Invalid username/password.' })).toBe(
      'Wrong username or password.',
    );
  });

  it('explains a locked account', () => {
    expect(
      errorSentence({ code: 1, message: 'Your account is locked due to multiple failed login attempts.' }),
    ).toMatch(/locked .* 5 minutes/);
  });

  it('passes through validation sentences that name the field', () => {
    expect(errorSentence({ code: 142, message: 'durationMin must be between 1 and 1440.' })).toBe(
      'durationMin must be between 1 and 1440.',
    );
    expect(errorSentence({ code: 142, message: 'Password must be at least 8 characters long.' })).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('maps the rate limiter’s code 100 answer to the too-many-requests sentence', () => {
    expect(
      errorSentence({ code: 100, message: 'Too many requests. Please wait a moment and try again.' }),
    ).toMatch(/Too many requests/);
  });

  it('falls back to a generic sentence for unknown codes', () => {
    expect(errorSentence({ code: 999, message: 'internal' })).toBe('Something went wrong. Please try again.');
    expect(errorSentence('weird')).toBe('Something went wrong. Please try again.');
  });
});
