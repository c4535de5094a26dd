import { beforeAll, describe, expect, it } from 'vitest';
import {
  newPassword,
  request,
  requestFrom,
  signUp,
  uniqueName,
  type Account,
  type RequestOptions,
} from '../test/rest';
import { ALLOWED_TEST_ORIGIN } from '../test/globalSetup';

/**
 * Parse's rate limiter never counts requests from 127.0.0.1 (its "internal requests"), so each
 * limit is exercised from its own loopback address. That also keeps the blocks these tests cause
 * away from every other test file, whatever order vitest runs them in.
 */
const ADDRESS = {
  login: '127.0.0.2',
  signUp: '127.0.0.3',
  passwordReset: '127.0.0.4',
  chat: '127.0.0.5',
  functions: '127.0.0.6',
  unrelated: '127.0.0.7',
  friendRequests: '127.0.0.8',
  friendRequestsElsewhere: '127.0.0.9',
  verificationMail: '127.0.0.10',
  passwordChecks: '127.0.0.11',
  sessionUpgrades: '127.0.0.12',
  resetPages: '127.0.0.13',
} as const;

/** Addresses 127.0.0.<from>… for the tests of one account asked about from many addresses. */
const spread = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `127.0.0.${from + index}`);

async function statuses(
  count: number,
  send: (attempt: number) => Promise<{ status: number }>,
): Promise<number[]> {
  const answered: number[] = [];
  for (let attempt = 0; attempt < count; attempt++) answered.push((await send(attempt)).status);
  return answered;
}

let alice: Account;

beforeAll(async () => {
  alice = await signUp();
});

describe('rate limits', () => {
  it('answers 429 to the 21st login from one address within 5 minutes', async () => {
    const login = (options: RequestOptions) => requestFrom(ADDRESS.login, 'POST', '/parse/login', options);
    const answered = await statuses(20, () =>
      login({ body: { username: uniqueName('nobody'), password: newPassword() } }),
    );

    const blocked = await login({ body: { username: alice.username, password: alice.password } });

    expect(answered).toEqual(Array.from({ length: 20 }, () => 404));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/too many requests/i);
    expect(blocked.body).not.toHaveProperty('sessionToken');
  });

  it('still lets another address log in while one address is blocked', async () => {
    const { status } = await requestFrom(ADDRESS.unrelated, 'POST', '/parse/login', {
      body: { username: alice.username, password: alice.password },
    });

    expect(status).toBe(200);
  });

  it('answers 429 to the 11th sign-up from one address within 15 minutes', async () => {
    const answered = await statuses(10, () =>
      requestFrom(ADDRESS.signUp, 'POST', '/parse/users', {
        body: { username: uniqueName(), password: newPassword() },
      }),
    );
    const username = uniqueName();

    const blocked = await requestFrom(ADDRESS.signUp, 'POST', '/parse/users', {
      body: { username, password: newPassword() },
    });

    expect(answered).toEqual(Array.from({ length: 10 }, () => 201));
    expect(blocked.status).toBe(429);
    const where = encodeURIComponent(JSON.stringify({ username }));
    const found = await request('GET', `/parse/users?where=${where}`, { masterKey: true });
    expect(found.body.results).toEqual([]);
  });

  it('answers 429 to the 6th password reset request from one address within 15 minutes, readable by an allowed origin', async () => {
    const fromAllowedOrigin = { Origin: ALLOWED_TEST_ORIGIN };
    const reset = () =>
      requestFrom(ADDRESS.passwordReset, 'POST', '/parse/requestPasswordReset', {
        body: { email: alice.email },
        headers: fromAllowedOrigin,
      });
    // A browser on another origin asks before each request; its questions are not requests to count.
    const preflights = await statuses(10, () =>
      requestFrom(ADDRESS.passwordReset, 'OPTIONS', '/parse/requestPasswordReset', {
        headers: { ...fromAllowedOrigin, 'Access-Control-Request-Method': 'POST' },
      }),
    );
    const answered = await statuses(5, reset);

    const blocked = await reset();

    expect(preflights).toEqual(Array.from({ length: 10 }, () => 200));
    expect(answered).toEqual(Array.from({ length: 5 }, () => 200));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('access-control-allow-origin')).toBe(ALLOWED_TEST_ORIGIN);
  });

  it('answers 429 to the 6th request for a verification mail from one address within 15 minutes', async () => {
    const resend = () =>
      requestFrom(ADDRESS.verificationMail, 'POST', '/parse/verificationEmailRequest', {
        body: { email: alice.email },
      });
    const answered = await statuses(5, resend);

    const blocked = await resend();

    expect(answered).toEqual(Array.from({ length: 5 }, () => 200));
    expect(blocked.status).toBe(429);
  });

  it('answers 429 to the 21st chat message from one address within 10 seconds', async () => {
    const send = (attempt: number) =>
      requestFrom(ADDRESS.chat, 'POST', '/parse/classes/ChatMessage', {
        sessionToken: alice.sessionToken,
        body: { room: 'topic:row', text: `Stroke ${attempt}` },
      });
    const started = Date.now();
    const answered = await statuses(20, send);

    const blocked = await send(20);

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answered).toEqual(Array.from({ length: 20 }, () => 201));
    expect(blocked.status).toBe(429);
  });

  it('answers 429 to the 121st cloud function call from one address within a minute', async () => {
    const call = () =>
      requestFrom(ADDRESS.functions, 'POST', '/parse/functions/noSuchFunction', {
        sessionToken: alice.sessionToken,
        body: {},
      });
    const answered = await statuses(120, call);

    const blocked = await call();

    expect(answered.every((status) => status !== 429)).toBe(true);
    expect(blocked.status).toBe(429);
  });

  it('answers 429 to the 31st friend request attempt by one person within an hour, from any address', async () => {
    const sender = await signUp();
    const attempt = (address: string) =>
      requestFrom(address, 'POST', '/parse/functions/sendFriendRequest', {
        sessionToken: sender.sessionToken,
        body: { username: 'no_such_person_here' },
      });
    const answered = await statuses(30, () => attempt(ADDRESS.friendRequests));

    const elsewhere = await attempt(ADDRESS.friendRequestsElsewhere);

    expect(answered.every((status) => status !== 429)).toBe(true);
    expect(elsewhere.status).toBe(429);
  });

  it('counts /verifyPassword, GET and POST, with logins from one address, and answers no row past the limit', async () => {
    const guess = () => ({ username: uniqueName('nobody'), password: newPassword() });
    const asQuery = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
    const answered = await statuses(20, (attempt) => {
      if (attempt % 3 === 0)
        return requestFrom(ADDRESS.passwordChecks, 'GET', `/parse/login${asQuery(guess())}`);
      if (attempt % 3 === 1)
        return requestFrom(ADDRESS.passwordChecks, 'GET', `/parse/verifyPassword${asQuery(guess())}`);
      // The SDK sends its GET as a POST that names the method in the body.
      return requestFrom(ADDRESS.passwordChecks, 'POST', '/parse/verifyPassword', {
        body: { _method: 'GET', ...guess() },
      });
    });
    const spender = await signUp();

    const blocked = await requestFrom(ADDRESS.passwordChecks, 'POST', '/parse/verifyPassword', {
      body: { _method: 'GET', username: spender.username, password: spender.password },
    });

    expect(answered).toEqual(Array.from({ length: 20 }, () => 404));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(155);
    expect(blocked.body).not.toHaveProperty('objectId');
  });

  it('answers 429 to the 11th password check of one account within 15 minutes, from any address', async () => {
    const target = await signUp();
    const addresses = spread(30, 11);
    const check = (address: string) =>
      requestFrom(address, 'POST', '/parse/verifyPassword', {
        body: { _method: 'GET', username: target.username.toUpperCase(), password: target.password },
      });
    const answered = await statuses(10, (attempt) =>
      attempt % 2
        ? check(addresses[attempt] ?? '')
        : requestFrom(addresses[attempt] ?? '', 'POST', '/parse/login', {
            body: { username: target.username, password: target.password },
          }),
    );

    const blocked = await requestFrom(
      addresses[10] ?? '',
      'GET',
      `/parse/verifyPassword?username=${target.username}&password=${target.password}`,
    );

    // Usernames are case-sensitive: the upper-case checks find nobody, yet count for the account.
    expect(answered).toEqual(Array.from({ length: 10 }, (_, attempt) => (attempt % 2 ? 404 : 200)));
    expect(blocked.status).toBe(429);
    expect(blocked.body).not.toHaveProperty('objectId');
  });

  it('locks the account after 5 wrong passwords given to /verifyPassword', async () => {
    const target = await signUp();
    const wrong = await statuses(5, () =>
      request('POST', '/parse/verifyPassword', {
        body: { _method: 'GET', username: target.username, password: newPassword() },
      }),
    );

    const rightPassword = await request('POST', '/parse/login', {
      body: { username: target.username, password: target.password },
    });

    expect(wrong).toEqual(Array.from({ length: 5 }, () => 404));
    expect(rightPassword.status).toBe(404);
    expect(rightPassword.body.error).toMatch(/locked/i);
  });

  it('answers 429 to the 6th password reset request for one address within an hour, from any address', async () => {
    const target = await signUp();
    const addresses = spread(50, 6);
    const answered = await statuses(5, (attempt) =>
      requestFrom(addresses[attempt] ?? '', 'POST', '/parse/requestPasswordReset', {
        body: { email: target.email },
      }),
    );

    const blocked = await requestFrom(addresses[5] ?? '', 'POST', '/parse/requestPasswordReset', {
      body: { email: target.email.toUpperCase() },
    });

    expect(answered).toEqual(Array.from({ length: 5 }, () => 200));
    expect(blocked.status).toBe(429);
  });

  it('answers 429 to the 11th session upgrade from one address within 15 minutes', async () => {
    const upgrade = () =>
      requestFrom(ADDRESS.sessionUpgrades, 'POST', '/parse/upgradeToRevocableSession', {
        sessionToken: `r:${uniqueName('guess')}`,
        body: {},
      });
    const answered = await statuses(10, upgrade);

    const blocked = await upgrade();

    expect(answered.every((status) => status !== 429)).toBe(true);
    expect(blocked.status).toBe(429);
  });

  it('answers 429 to the 21st post of the new-password form from one address within 15 minutes', async () => {
    const choose = () =>
      requestFrom(ADDRESS.resetPages, 'POST', '/parse/apps/fitstreak/request_password_reset', {
        raw: new URLSearchParams({ token: uniqueName('guess'), new_password: newPassword() }).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Requested-With': 'XMLHttpRequest',
        },
      });
    const answered = await statuses(20, choose);

    const blocked = await choose();

    expect(answered.every((status) => status !== 429)).toBe(true);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(155);
  });
});
