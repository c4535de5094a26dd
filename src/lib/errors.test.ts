import { describe, expect, it } from 'vitest';
import { capitalized, errorSentence, problemAt, refusalOf, toUiError } from './errors';
import { challengeProblem } from '@/domain/challenges';

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

  it('shows the server’s sentence for a refusal that names its message, whatever its code', () => {
    const refusal = {
      code: 101,
      message: 'Falscher Benutzername oder falsches Passwort.',
      messageId: 'common.errors.wrongCredentials',
      values: {},
    };
    expect(errorSentence(refusal)).toBe('Falscher Benutzername oder falsches Passwort.');
    expect(errorSentence({ code: 101, message: 'Object not found.' })).toBe(
      'That item was not found, or you are not allowed to see it.',
    );
  });

  it('passes through validation sentences that name the field', () => {
    expect(errorSentence({ code: 142, message: 'durationMin must be between 1 and 1440.' })).toBe(
      'durationMin must be between 1 and 1440.',
    );
    expect(errorSentence({ code: 142, message: 'Password must be at least 8 characters long.' })).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('falls back to a generic sentence for unknown codes', () => {
    expect(errorSentence({ code: 999, message: 'internal' })).toBe('Something went wrong. Please try again.');
    expect(errorSentence('weird')).toBe('Something went wrong. Please try again.');
  });
});

describe('refusalOf', () => {
  it('reads the message id, values and field the server sends beside the sentence', () => {
    const error = Object.assign(new Error('That code is not right.'), {
      code: 142,
      messageId: 'server.twoFactor.codeWrong',
      values: { field: 'code', when: { nested: true } },
      field: 'code',
    });
    expect(refusalOf(error)).toEqual({
      code: 142,
      message: 'That code is not right.',
      messageId: 'server.twoFactor.codeWrong',
      values: { field: 'code' },
      field: 'code',
    });
  });

  it('is null for an error the server said no more of', () => {
    expect(refusalOf({ code: 142, message: 'weightKg must be between 20 and 500.' })).toBeNull();
    expect(refusalOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(refusalOf({ code: 142, message: 'x', messageId: 7, values: {} })).toBeNull();
  });
});

describe('toUiError', () => {
  const refused = (field?: string) => ({
    code: 142,
    message: 'That password is not right, so nothing was changed.',
    messageId: 'server.account.currentPasswordWrong',
    values: field ? { field } : {},
    ...(field ? { field } : {}),
  });

  it('puts a refusal at the form’s field it names', () => {
    expect(toUiError(refused('currentPassword'), ['currentPassword', 'newPassword'])).toEqual({
      field: 'currentPassword',
      sentence: 'That password is not right, so nothing was changed.',
    });
  });

  it('puts a refusal of a field the form does not show, or of none, above the form', () => {
    expect(toUiError(refused('invitation'), ['username'])).toEqual({
      field: null,
      sentence: 'That password is not right, so nothing was changed.',
    });
    expect(toUiError(refused(), ['username']).field).toBeNull();
    const unreachable = toUiError(new TypeError('Failed to fetch'), ['username']);
    expect(unreachable.field).toBeNull();
    expect(unreachable.sentence).toMatch(/could not be reached/);
  });
});

describe('a refusal at its field', () => {
  const names = {
    weightKg: { field: 'weight', label: 'weight.edit.weight' },
    title: { field: 'title', label: 'challenges.form.name' },
    startDate: { field: 'startDate', label: 'challenges.form.firstDay' },
    endDate: { field: 'endDate', label: 'challenges.form.lastDay' },
  } as const;
  const serverRefusal = {
    code: 142,
    message: 'weightKg must be between 20 and 500.',
    messageId: 'domain.field.numberRange',
    values: { field: 'weightKg', min: 20, max: 500 },
    field: 'weightKg',
  };

  it('names the field by its label and begins with a capital, for the server’s refusal', () => {
    expect(toUiError(serverRefusal, names)).toEqual({
      field: 'weight',
      sentence: 'Weight must be between 20 and 500.',
    });
  });

  it('names the field by its label and begins with a capital, for the browser’s own check', () => {
    const problem = challengeProblem(
      { title: '', metric: 'workouts', startDate: '2026-05-01', endDate: '2026-05-02' },
      '2026-05-01',
    );
    if (!problem) throw new Error('An empty title is a problem.');
    expect(problemAt(problem, names, problem.message)).toEqual({
      field: 'title',
      sentence: 'Title must be 1 to 80 characters.',
    });
  });

  it('names the other field a sentence compares with by its label too', () => {
    const problem = challengeProblem(
      { title: 'Run', metric: 'workouts', startDate: '2026-05-01', endDate: '2026-09-01' },
      '2026-05-01',
    );
    if (!problem) throw new Error('Four months is too long.');
    expect(problemAt(problem, names, problem.message).sentence).toBe(
      'Last day must be 1 to 56 days after First day.',
    );
  });

  it('keeps the server’s sentence, capitalised, for a message the browser does not have, and the form’s place for a field the form lacks', () => {
    const ownMessage = {
      ...serverRefusal,
      messageId: 'server.challenges.onlyFriends',
      message: 'only friends.',
    };
    expect(toUiError(ownMessage, names)).toEqual({ field: 'weight', sentence: 'Only friends.' });
    expect(toUiError({ ...serverRefusal, field: 'note' }, names)).toEqual({
      field: null,
      sentence: 'weightKg must be between 20 and 500.',
    });
  });

  it('capitalises a sentence’s first letter whatever it is', () => {
    expect(capitalized('élan must be set.')).toBe('Élan must be set.');
    expect(capitalized('')).toBe('');
  });
});
