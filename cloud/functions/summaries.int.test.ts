import { describe, expect, it } from 'vitest';
import type { NotificationList } from '../../src/domain/notifications';
import { parseDate, request, signUp, updateSettings, type Account } from '../../server/test/rest';

const DAY_MS = 86_400_000;

/** The coming Monday at `hour`:00 UTC: the week summarised then is the one holding today. */
function nextMondayAt(hour: number): Date {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysToMonday = ((8 - new Date(today).getUTCDay()) % 7 || 7) * DAY_MS;
  return new Date(today + daysToMonday + hour * 3_600_000);
}

const send = (now: Date, account?: Account) =>
  request('POST', '/parse/functions/sendWeeklySummaries', {
    ...(account ? { sessionToken: account.sessionToken } : { masterKey: true }),
    body: { now: now.toISOString() },
  });

async function summaries(account: Account) {
  const { body } = await request('POST', '/parse/functions/listNotifications', {
    sessionToken: account.sessionToken,
    body: {},
  });
  return (body.result as NotificationList).notifications.filter((row) => row.kind === 'weekly-summary');
}

async function log(account: Account, className: string, body: Record<string, unknown>) {
  const { status } = await request('POST', `/parse/classes/${className}`, {
    sessionToken: account.sessionToken,
    body,
  });
  expect(status).toBe(201);
}

describe('sendWeeklySummaries', () => {
  it('tells each person about their last week once, from Monday 08:00 where they live, if they want it', async () => {
    const [ada, ben, cy, dan] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    await updateSettings(ada, { timezone: 'UTC' });
    await updateSettings(ben, { timezone: 'Pacific/Honolulu' });
    await updateSettings(cy, { timezone: 'UTC', weeklySummary: false });
    await updateSettings(dan, { timezone: 'UTC' });
    const monday = nextMondayAt(9);
    // Noon and one o'clock on this week's Monday (UTC): inside everyone's week, at most a day ahead.
    const noon = new Date(monday.getTime() - 7 * DAY_MS + 3 * 3_600_000);
    for (const person of [ada, ben, cy]) {
      await log(person, 'Activity', { type: 'run', startedAt: parseDate(noon), durationMin: 30 });
    }
    await log(ada, 'Activity', {
      type: 'yoga',
      startedAt: parseDate(new Date(noon.getTime() + 3_600_000)),
      durationMin: 45,
    });

    // Two nodes running the schedule at the same moment.
    const runs = await Promise.all([send(monday), send(monday)]);

    for (const run of runs) expect(run.status).toBe(200);
    expect(await summaries(ada)).toEqual([
      expect.objectContaining({ subject: '2 workouts, 75 active minutes, something logged on 1 of 7 days' }),
    ]);
    // 23:00 on Sunday in Honolulu: not yet. Switched off, or nothing logged: never.
    expect(await summaries(ben)).toEqual([]);
    expect(await summaries(cy)).toEqual([]);
    expect(await summaries(dan)).toEqual([]);

    await send(new Date(monday.getTime() + 11 * 3_600_000));
    expect(await summaries(ben)).toEqual([
      expect.objectContaining({ subject: '1 workout, 30 active minutes, something logged on 1 of 7 days' }),
    ]);
    // And again later in the week: nobody hears of the same week twice.
    await send(new Date(monday.getTime() + 2 * DAY_MS));
    expect(await summaries(ada)).toHaveLength(1);
    expect(await summaries(ben)).toHaveLength(1);
  });

  it('counts the week by the person’s clock across the change to summer time, and never says a weight', async () => {
    const eva = await signUp();
    await updateSettings(eva, { timezone: 'Europe/Berlin' });
    // Summer time began in Berlin at 02:00 on Sunday 29 March 2026.
    await log(eva, 'Activity', {
      type: 'cycle',
      startedAt: parseDate(new Date('2026-03-23T05:30:00Z')),
      durationMin: 40,
    });
    await log(eva, 'Activity', {
      type: 'run',
      startedAt: parseDate(new Date('2026-03-29T21:30:00Z')),
      durationMin: 20,
    });
    await log(eva, 'Activity', {
      type: 'run',
      startedAt: parseDate(new Date('2026-03-29T22:30:00Z')),
      durationMin: 25,
    });
    await log(eva, 'WeightEntry', {
      measuredAt: parseDate(new Date('2026-03-26T06:00:00Z')),
      weightKg: 71.3,
    });

    // 07:30 UTC is 09:30 in Berlin on Monday 30 March.
    await send(new Date('2026-03-30T07:30:00Z'));

    const [summary, ...more] = await summaries(eva);
    expect(more).toEqual([]);
    // 23:30 on Sunday counts; 00:30 on Monday belongs to the next week.
    expect(summary?.subject).toBe('2 workouts, 60 active minutes, something logged on 3 of 7 days');
    expect(JSON.stringify(summary)).not.toContain('71.3');
  });

  it('is the server’s alone: a signed-in person and an anonymous caller are refused', async () => {
    const fay = await signUp();

    const asFay = await send(new Date(), fay);
    const anonymous = await request('POST', '/parse/functions/sendWeeklySummaries', { body: {} });

    expect(asFay.body.code).toBe(119);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
  });
});
