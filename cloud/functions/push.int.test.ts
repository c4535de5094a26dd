import { describe, expect, inject, it, vi } from 'vitest';
import type { ReceivedPush, Subscription } from '../../server/test/pushService';
import { logIn, parseDate, request, signUp, updateSettings, type Account } from '../../server/test/rest';

const service = inject('pushServiceOrigin');

const call = (name: string, account: Account | undefined, body: Record<string, unknown> = {}) =>
  request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body,
  });

/** A device of the stand-in push service, as a browser's PushManager would give one. */
async function newDevice(): Promise<Subscription> {
  const response = await fetch(`${service}/subscriptions`, { method: 'POST' });
  return (await response.json()) as Subscription;
}

async function received(device: Subscription): Promise<ReceivedPush[]> {
  return (await (await fetch(device.endpoint)).json()) as ReceivedPush[];
}

const payloads = async (device: Subscription) => (await received(device)).map((push) => push.payload);

async function subscribe(account: Account, device?: Subscription): Promise<Subscription> {
  const subscription = device ?? (await newDevice());
  const { status, body } = await call('savePushSubscription', account, { ...subscription });
  expect(status, JSON.stringify(body)).toBe(200);
  return subscription;
}

async function rowsOf(account: Account) {
  const { body } = await request('GET', '/parse/classes/PushSubscription', {
    sessionToken: account.sessionToken,
  });
  return body.results ?? [];
}

async function rowsWithEndpoint(endpoint: string) {
  const where = encodeURIComponent(JSON.stringify({ endpoint }));
  const { body } = await request('GET', `/parse/classes/PushSubscription?where=${where}`, {
    masterKey: true,
  });
  return body.results ?? [];
}

describe('savePushSubscription', () => {
  it('refuses an anonymous caller, a service the server does not push to, and keys of the wrong shape', async () => {
    const ada = await signUp();
    const device = await newDevice();

    expect((await call('savePushSubscription', undefined, { ...device })).body.code).toBe(209);
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://169.254.169.254/latest/meta-data',
      `${service.replace('http:', 'https:')}/push/1`,
      `http://user:secret@${service.slice('http://'.length)}/push/1`,
      'not a url',
      `${service}/${'x'.repeat(1000)}`,
      42,
    ]) {
      const { body } = await call('savePushSubscription', ada, { ...device, endpoint });
      expect(body.code, String(endpoint)).toBe(142);
      expect(body.error).toContain('endpoint');
    }
    for (const p256dh of ['', 'abc', Buffer.alloc(65, 4).toString('base64url'), 'x'.repeat(300), null]) {
      const { body } = await call('savePushSubscription', ada, { ...device, p256dh });
      expect(body.code).toBe(142);
      expect(body.error).toContain('p256dh');
    }
    const { body } = await call('savePushSubscription', ada, {
      ...device,
      auth: Buffer.alloc(8).toString('base64url'),
    });
    expect(body.code).toBe(142);
    expect(body.error).toContain('auth');
    expect(await rowsOf(ada)).toEqual([]);
  });

  it('keeps a device readable by its owner only, and written by the server only', async () => {
    const [ada, ben] = await Promise.all([signUp(), signUp()]);
    const device = await subscribe(ada);

    const [row] = await rowsOf(ada);
    expect(row).toMatchObject({ endpoint: device.endpoint });
    expect(await rowsOf(ben)).toEqual([]);
    expect(
      (
        await request('GET', `/parse/classes/PushSubscription/${row?.objectId}`, {
          sessionToken: ben.sessionToken,
        })
      ).body.code,
    ).toBe(101);
    expect((await request('GET', '/parse/classes/PushSubscription')).status).toBeGreaterThanOrEqual(400);
    const forged = await request('POST', '/parse/classes/PushSubscription', {
      sessionToken: ben.sessionToken,
      body: {
        ...device,
        user: { __type: 'Pointer', className: '_User', objectId: ben.objectId },
        session: 'x',
      },
    });
    expect(forged.body.code).toBe(119);
    for (const account of [ada, ben]) {
      const path = `/parse/classes/PushSubscription/${row?.objectId}`;
      expect(
        (
          await request('PUT', path, {
            sessionToken: account.sessionToken,
            body: { endpoint: 'https://evil.example/' },
          })
        ).body.code,
      ).toBe(119);
      expect((await request('DELETE', path, { sessionToken: account.sessionToken })).body.code).toBe(119);
    }
    // Someone else naming the endpoint removes nothing.
    expect((await call('removePushSubscription', ben, { endpoint: device.endpoint })).body.result).toEqual({
      removed: 0,
    });
    expect(await rowsWithEndpoint(device.endpoint)).toHaveLength(1);
    expect((await call('removePushSubscription', ada, { endpoint: device.endpoint })).body.result).toEqual({
      removed: 1,
    });
    expect(await rowsWithEndpoint(device.endpoint)).toEqual([]);
  });

  it('moves a browser’s subscription to the account that logged in on it last', async () => {
    const [ada, ben] = await Promise.all([signUp(), signUp()]);
    const device = await subscribe(ada);

    await subscribe(ben, device);

    expect(await rowsOf(ada)).toEqual([]);
    expect(await rowsOf(ben)).toHaveLength(1);
  });
});

describe('pushes', () => {
  it('tells a device of a friend request in its person’s language, naming the asker by display name, encrypted to it and signed with the key /config.json gives', async () => {
    const [ada, ben] = await Promise.all([signUp(), signUp()]);
    // The push goes out now: outside quiet hours whatever the time of day the test runs at.
    await updateSettings(ben, { quietHours: false, language: 'de' });
    await request('PUT', `/parse/users/${ada.objectId}`, {
      sessionToken: ada.sessionToken,
      body: { displayName: 'Ada Vogt' },
    });
    const device = await subscribe(ben);
    const config = (await request('GET', '/config.json')).body as { vapidPublicKey?: string };

    expect((await call('sendFriendRequest', ada, { username: ben.username })).status).toBe(200);

    // The push leaves after the answer; on a busy machine that can take longer than waitFor's 1 s default.
    const [push] = await vi.waitFor(
      async () => {
        const pushes = await received(device);
        if (pushes.length === 0) throw new Error('No push yet.');
        return pushes;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(push).toMatchObject({
      payload: {
        title: 'FITSTREAK',
        body: 'Ada Vogt hat dir eine Freundschaftsanfrage geschickt.',
        url: '/friends-ranking',
        tag: 'friend-request',
      },
      vapidKey: config.vapidPublicKey,
      ttl: 86_400,
    });
    expect(push?.subject).toMatch(/^(mailto:|https:)/);
  });

  it('forgets a device its push service says is gone (410), and one that answers 404', async () => {
    const ada = await signUp();
    const [gone, missing, kept] = [await subscribe(ada), await subscribe(ada), await subscribe(ada)];
    for (const [device, status] of [
      [gone, 410],
      [missing, 404],
    ] as const) {
      await fetch(device.endpoint, { method: 'PUT', body: JSON.stringify({ status }) });
    }

    expect((await call('sendTestPush', ada)).body.result).toEqual({ delivered: true });

    expect((await rowsOf(ada)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(await payloads(kept)).toEqual([expect.objectContaining({ tag: 'test' })]);
  });

  it('ends with the session: logging out removes the device, a revoked session is not pushed to', async () => {
    const ada = await signUp();
    const phone = await logIn(ada.username, ada.password);
    const laptop = await logIn(ada.username, ada.password);
    const phoneDevice = await subscribe(phone);
    const laptopDevice = await subscribe(laptop);

    expect(
      (await request('POST', '/parse/logout', { sessionToken: phone.sessionToken, body: {} })).status,
    ).toBe(200);
    expect(await rowsWithEndpoint(phoneDevice.endpoint)).toEqual([]);

    const sessions = await request(
      'GET',
      `/parse/sessions?where=${encodeURIComponent(JSON.stringify({ sessionToken: laptop.sessionToken }))}`,
      { masterKey: true },
    );
    const [session] = sessions.body.results ?? [];
    expect(
      (await request('DELETE', `/parse/sessions/${session?.objectId}`, { masterKey: true })).status,
    ).toBe(200);
    expect((await call('sendTestPush', ada)).body.result).toEqual({ delivered: false });
    expect(await rowsWithEndpoint(laptopDevice.endpoint)).toEqual([]);
    expect(await received(laptopDevice)).toEqual([]);
  });

  it('is refused to an anonymous caller', async () => {
    expect((await call('sendTestPush', undefined)).body.code).toBe(209);
    expect((await call('removePushSubscription', undefined, { endpoint: 'x' })).body.code).toBe(209);
  });
});

const remind = (now: string, account?: Account) =>
  request('POST', '/parse/functions/sendReminders', {
    ...(account ? { sessionToken: account.sessionToken } : { masterKey: true }),
    body: { now },
  });

async function weighIn(account: Account, at: string) {
  const { status } = await request('POST', '/parse/classes/WeightEntry', {
    sessionToken: account.sessionToken,
    body: { weightKg: 80, measuredAt: parseDate(new Date(at)) },
  });
  expect(status).toBe(201);
}

describe('sendReminders', () => {
  it('is the server’s alone', async () => {
    const ada = await signUp();
    expect((await remind('2026-03-28T06:35:00Z', ada)).body.code).toBe(119);
    expect((await remind('not a date')).body.code).toBe(142);
  });

  it('reminds of the weigh-in at the chosen time where the person lives, across a change to summer time, once a day', async () => {
    const ada = await signUp();
    await updateSettings(ada, {
      timezone: 'Europe/Berlin',
      weighInReminder: true,
      weighInReminderTime: '07:30',
      quietHours: false,
    });
    const device = await subscribe(ada);

    await remind('2026-03-28T06:20:00Z'); // 07:20 in Berlin (CET): not yet
    expect(await payloads(device)).toEqual([]);
    // Two nodes running the schedule at the same moment, then a later run the same day.
    await Promise.all([remind('2026-03-28T06:35:00Z'), remind('2026-03-28T06:35:00Z')]);
    await remind('2026-03-28T07:50:00Z');
    expect(await payloads(device)).toEqual([
      {
        title: 'Time to weigh in',
        body: 'Step on the scale and log your weigh-in.',
        url: '/weight-tracking',
        tag: 'weigh-in',
      },
    ]);
    await remind('2026-03-29T05:35:00Z'); // 07:35 in Berlin, now CEST: the next day's
    expect(await payloads(device)).toHaveLength(2);
  });

  it('leaves out a day with a weigh-in, quiet hours, and a reminder more than two hours late', async () => {
    const [due, weighed, quiet, late] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    for (const person of [due, weighed, quiet, late]) {
      await updateSettings(person, {
        timezone: 'UTC',
        weighInReminder: true,
        weighInReminderTime: '06:00',
        quietHours: false,
      });
    }
    await updateSettings(quiet, { quietHours: true, quietHoursStart: '05:00', quietHoursEnd: '09:00' });
    await updateSettings(late, { weighInReminderTime: '04:00' });
    await weighIn(weighed, '2026-04-02T05:10:00Z');
    const devices = await Promise.all([due, weighed, quiet, late].map((person) => subscribe(person)));

    await remind('2026-04-02T06:30:00Z');

    const [reminded, ...others] = await Promise.all(devices.map(payloads));
    expect(reminded).toEqual([expect.objectContaining({ tag: 'weigh-in' })]);
    for (const other of others) expect(other).toEqual([]);
  });

  it('warns that a streak is at risk in the evening of a day with nothing logged after a day with something', async () => {
    const [atRisk, loggedToday, noStreak, switchedOff] = await Promise.all([
      signUp(),
      signUp(),
      signUp(),
      signUp(),
    ]);
    for (const person of [atRisk, loggedToday, noStreak]) {
      await updateSettings(person, { timezone: 'America/New_York', streakReminder: true });
    }
    for (const person of [atRisk, loggedToday, switchedOff]) await weighIn(person, '2026-06-10T15:00:00Z');
    await weighIn(loggedToday, '2026-06-11T15:00:00Z');
    const devices = await Promise.all(
      [atRisk, loggedToday, noStreak, switchedOff].map((person) => subscribe(person)),
    );

    await remind('2026-06-11T23:59:00Z'); // 19:59 in New York: not yet
    await remind('2026-06-12T00:30:00Z'); // 20:30 on 11 June there
    await remind('2026-06-12T01:00:00Z');

    const [first, ...others] = await Promise.all(devices.map(payloads));
    expect(first).toEqual([
      expect.objectContaining({ title: 'Your streak is at risk', tag: 'streak', url: '/' }),
    ]);
    for (const other of others) expect(other).toEqual([]);
    expect(JSON.stringify(first)).not.toMatch(/kg|lb|80/);
  });
});

describe('the weekly summary', () => {
  it('is pushed with the week in numbers, except to someone in their quiet hours, who finds it in the app', async () => {
    const [ada, ben] = await Promise.all([signUp(), signUp()]);
    await updateSettings(ada, { timezone: 'UTC', quietHours: false });
    await updateSettings(ben, { timezone: 'UTC', quietHoursStart: '08:00', quietHoursEnd: '10:00' });
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    // The coming Monday at 09:00, and a workout in the week that ends then.
    const monday = new Date(
      today + ((8 - new Date(today).getUTCDay()) % 7 || 7) * 86_400_000 + 9 * 3_600_000,
    );
    const during = new Date(monday.getTime() - 7 * 86_400_000 + 3 * 3_600_000);
    for (const person of [ada, ben]) {
      const { status } = await request('POST', '/parse/classes/Activity', {
        sessionToken: person.sessionToken,
        body: { type: 'run', startedAt: parseDate(during), durationMin: 30 },
      });
      expect(status).toBe(201);
    }
    const [adaDevice, benDevice] = await Promise.all([subscribe(ada), subscribe(ben)]);

    const run = await request('POST', '/parse/functions/sendWeeklySummaries', {
      masterKey: true,
      body: { now: monday.toISOString() },
    });

    expect(run.status).toBe(200);
    expect(await payloads(adaDevice)).toEqual([
      {
        title: 'FITSTREAK',
        body: 'Your week: 1 workout, 30 active minutes, something logged on 1 of 7 days.',
        url: '/',
        tag: 'weekly-summary',
      },
    ]);
    expect(await payloads(benDevice)).toEqual([]);
    const list = await call('listNotifications', ben);
    expect(JSON.stringify(list.body)).toContain('1 workout, 30 active minutes');
  });
});
