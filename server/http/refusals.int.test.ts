import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { parseDate, request, signUp, type Account } from '../test/rest';
import { QUERY_LIMITS } from './queryGuard';

/**
 * Every refusal answers in the contract's shape (src/domain/errors.ts): Parse's code and the
 * sentence in the caller's language, and beside them the message id, its values and the field, so
 * no client reads the sentence to know what went wrong.
 */
describe('refusals', () => {
  let anna: Account;

  beforeAll(async () => {
    anna = await signUp();
  });

  const weighIn = (weightKg: unknown, language = 'en') =>
    request('POST', '/parse/classes/WeightEntry', {
      sessionToken: anna.sessionToken,
      headers: { 'Accept-Language': language },
      body: { measuredAt: parseDate(new Date()), weightKg, clientKey: crypto.randomUUID() },
    });

  it('names the field, the message and its values of a row the rules refuse', async () => {
    const answer = await weighIn(5000);

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: ErrorCode.VALIDATION_ERROR,
      error: 'weightKg must be between 20 and 500.',
      field: 'weightKg',
      messageId: 'domain.field.numberRange',
      values: { field: 'weightKg', min: 20, max: 500 },
    });
  });

  it('writes the sentence in the caller’s language and keeps the id and the field as they are', async () => {
    const answer = await weighIn(5000, 'de');

    expect(answer.body).toMatchObject({
      error: 'weightKg muss zwischen 20 und 500 liegen.',
      field: 'weightKg',
      messageId: 'domain.field.numberRange',
    });
  });

  it('names the field of a cloud function’s refusal', async () => {
    const answer = await request('POST', '/parse/functions/createChallenge', {
      sessionToken: anna.sessionToken,
      body: { title: '', metric: 'workouts', startDate: '2999-01-01', endDate: '2999-01-08', friendIds: [] },
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: ErrorCode.VALIDATION_ERROR,
      field: 'title',
      messageId: 'domain.challenge.title',
      values: { field: 'title' },
    });
  });

  it('answers a refusal of something not found with 404 and its message id', async () => {
    const answer = await request('POST', '/parse/functions/sendFriendRequest', {
      sessionToken: anna.sessionToken,
      body: { username: `nobody${crypto.randomUUID().slice(0, 8)}` },
    });

    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      code: ErrorCode.OBJECT_NOT_FOUND,
      messageId: 'server.friends.noSuchUsername',
    });
  });

  it('gives Parse’s own refusal of a wrong password a message id and the caller’s language', async () => {
    const answer = await request('POST', '/parse/login', {
      headers: { 'Accept-Language': 'de', 'X-Parse-Revocable-Session': '1' },
      body: { username: anna.username, password: 'not the password' },
    });

    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      code: ErrorCode.OBJECT_NOT_FOUND,
      error: 'Falscher Benutzername oder falsches Passwort.',
      messageId: 'common.errors.wrongCredentials',
      values: {},
    });
  });

  it('answers the guards in front of Parse in the same shape', async () => {
    const write = await request('POST', '/parse/classes/WeightEntry', {
      sessionToken: anna.sessionToken,
      body: { weightKg: { __op: 'Increment', amount: 'lots' } },
    });
    const query = await request(
      'GET',
      `/parse/classes/WeightEntry?where=${encodeURIComponent(
        JSON.stringify({ note: 'x'.repeat(QUERY_LIMITS.stringLength + 1) }),
      )}`,
      { sessionToken: anna.sessionToken },
    );

    expect(write.body).toMatchObject({
      code: ErrorCode.VALIDATION_ERROR,
      field: 'weightKg',
      messageId: 'server.writeGuard.incrementNumber',
    });
    expect(query.body).toMatchObject({
      code: ErrorCode.INVALID_QUERY,
      messageId: 'server.queryGuard.stringTooLong',
      values: { limit: QUERY_LIMITS.stringLength },
    });
  });

  it('answers an anonymous caller with the session’s code and the message to log in first', async () => {
    const answer = await request('POST', '/parse/functions/createChallenge', { body: {} });

    expect(answer.body).toMatchObject({
      code: ErrorCode.INVALID_SESSION_TOKEN,
      messageId: 'server.parse.logInFirst',
    });
  });
});
