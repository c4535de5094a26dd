import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, updateSettings, userPointer, type Account } from '../../server/test/rest';
import type { WorkoutDetail } from '../../src/domain/activity';
import { addDays, localDay } from '../../src/domain/calendarDays';
import type { CloudFunctionName } from '../../src/domain/cloudApi';
import {
  heartRateZones,
  sustainedMaxHr,
  timeInZones,
  type PersonHeartRateZones,
} from '../../src/domain/heartRateZones';
import type { RacePredictionsAnswer } from '../../src/domain/racePredictions';
import type { TrackPoint } from '../../src/domain/track';
import {
  banisterTrimp,
  dailyLoads,
  effortLoad,
  emptyStateBefore,
  loadDaysFrom,
  type TrainingLoadSeries,
} from '../../src/domain/trainingLoad';

const DAY_MS = 86_400_000;

function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('A value the test needs is missing.');
  return value;
}

async function call(
  account: Account | undefined,
  name: CloudFunctionName,
  params: Record<string, unknown> = {},
) {
  const { status, body } = await request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
  return { status, code: body.code, field: body.field, result: body.result };
}

async function result<T>(account: Account, name: CloudFunctionName, params: Record<string, unknown> = {}) {
  const answer = await call(account, name, params);
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  return answer.result as T;
}

function workout(daysAgo: number, fields: Record<string, unknown> = {}) {
  return {
    type: 'run',
    startedAt: { __type: 'Date', iso: new Date(Date.now() - daysAgo * DAY_MS).toISOString() },
    durationMin: 45,
    ...fields,
  };
}

async function save(account: Account, body: Record<string, unknown>) {
  const { status, body: answer } = await request('POST', '/parse/classes/Activity', {
    sessionToken: account.sessionToken,
    body,
  });
  return {
    status,
    code: answer.code,
    field: answer.field,
    id: String(answer.objectId),
  };
}

/** A run of `minutes` with a reading every 10 s, the heart rising from 110 to 185 beats a minute. */
function heartRateTrack(start: number, minutes: number): TrackPoint[] {
  const count = (minutes * 60) / 10 + 1;
  return Array.from({ length: count }, (_, index) => ({
    t: start + index * 10_000,
    lat: 48.1 + index * 0.0003,
    lon: 11.5,
    hr: Math.round(110 + (75 * index) / (count - 1)),
  }));
}

async function importRun(
  account: Account,
  startMs: number,
  track: TrackPoint[],
  extra: Record<string, unknown> = {},
) {
  const answer = await result<{ imported: number }>(account, 'importWorkouts', {
    workouts: [
      {
        clientKey: randomUUID(),
        type: 'run',
        source: 'gpx',
        startedAt: new Date(startMs).toISOString(),
        durationMin: Math.round((defined(track.at(-1)).t - startMs) / 60_000),
        distanceKm: 5,
        track,
        ...extra,
      },
    ],
  });
  expect(answer.imported).toBe(1);
}

async function masterRows(className: string, account: Account, order: string) {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
  const { body } = await request(
    'GET',
    `/parse/classes/${className}?where=${where}&order=${order}&limit=5000`,
    {
      masterKey: true,
    },
  );
  return body.results as Record<string, unknown>[];
}

/** The person's stored days as the full computation over all their workouts from scratch gives them. */
async function fromScratch(account: Account, timeZone: string) {
  const workouts = (await masterRows('Activity', account, 'startedAt')).filter(
    (row) => typeof row.trainingLoad === 'number',
  );
  const loads = dailyLoads(
    workouts.map((row) => ({
      startedAt: new Date((row.startedAt as { iso: string }).iso),
      load: row.trainingLoad as number,
    })),
    timeZone,
  );
  const days = [...loads.keys()].sort();
  if (days.length === 0) return [];
  return loadDaysFrom(emptyStateBefore(defined(days[0])), loads, defined(days.at(-1)))
    .filter((day) => loads.has(day.date))
    .map(({ date, load, fitness, fatigue }) => ({ date, load, fitness, fatigue }));
}

async function storedDays(account: Account) {
  return (await masterRows('TrainingLoadDay', account, 'date')).map((row) => ({
    date: row.date,
    load: row.load,
    fitness: row.fitness,
    fatigue: row.fatigue,
  }));
}

function close(
  actual: { date: unknown; load: unknown; fitness: unknown; fatigue: unknown }[],
  expected: typeof actual,
) {
  expect(actual.map((day) => day.date)).toEqual(expected.map((day) => day.date));
  actual.forEach((day, index) => {
    const want = defined(expected[index]);
    expect(day.load as number).toBeCloseTo(want.load as number, 9);
    expect(day.fitness as number).toBeCloseTo(want.fitness as number, 9);
    expect(day.fatigue as number).toBeCloseTo(want.fatigue as number, 9);
  });
}

let alice: Account;
let bob: Account;
let stranger: Account;

beforeAll(async () => {
  [alice, bob, stranger] = await Promise.all([signUp(), signUp(), signUp()]);
  await updateSettings(alice, { restingHr: 52, sex: 'female', timezone: 'Europe/Berlin' });
});

describe('validation', () => {
  it.each([[0], [11], [5.5], ['hard']])('refuses an effort of %s with 142 naming effort', async (effort) => {
    const refused = await save(alice, workout(1, { effort }));
    expect(refused).toMatchObject({ status: 400, code: 142 });
    expect(JSON.stringify(refused.field ?? '')).toContain('effort');
  });

  it('refuses a resting heart rate and zone bounds out of their limits, naming the field', async () => {
    const settingsId = await updateSettings(stranger, {});
    const put = (body: Record<string, unknown>) =>
      request('PUT', `/parse/classes/Settings/${settingsId}`, { sessionToken: stranger.sessionToken, body });
    const answers = await Promise.all([
      put({ restingHr: 20 }),
      put({ restingHr: 60.5 }),
      put({ zoneBounds: [50, 60, 70, 65, 90, 100] }),
      put({ zoneBounds: [50, 60, 70, 80, 90] }),
      put({ zoneBounds: 'all' }),
    ]);
    expect(answers.map(({ body }) => [body.code, body.field])).toEqual([
      [142, 'restingHr'],
      [142, 'restingHr'],
      [142, 'zoneBounds'],
      [142, 'zoneBounds'],
      [142, 'zoneBounds'],
    ]);
    expect((await put({ restingHr: 48, zoneBounds: [55, 65, 75, 82, 90, 100] })).status).toBe(200);
    const zones = await result<PersonHeartRateZones>(stranger, 'heartRateZones');
    expect(zones).toMatchObject({
      restingHr: 48,
      restingHrSet: true,
      boundsEdited: true,
      maxHr: null,
      zones: null,
    });
  });

  it('refuses a training-load range with bad days, backwards or longer than 731 days', async () => {
    const answers = await Promise.all([
      call(alice, 'trainingLoad', { from: '2024-02-30', to: '2024-03-10' }),
      call(alice, 'trainingLoad', { from: '2024-03-01', to: 20240310 }),
      call(alice, 'trainingLoad', { from: '2024-03-10', to: '2024-03-01' }),
      call(alice, 'trainingLoad', { from: '2022-01-01', to: '2024-01-02' }),
      call(alice, 'trainingLoad', { from: '2024-01-01', to: '2024-01-02', timeZone: 'Mars/Olympus' }),
    ]);
    expect(answers.map(({ code, field }) => [code, field])).toEqual([
      [142, 'from'],
      [142, 'to'],
      [142, 'to'],
      [142, 'to'],
      [142, 'timeZone'],
    ]);
    const longest = await result<TrainingLoadSeries>(alice, 'trainingLoad', {
      from: '2022-01-01',
      to: '2024-01-01',
    });
    expect(longest.days).toHaveLength(731);
  });
});

describe('owner only', () => {
  it('refuses anonymous callers, and answers each person about themselves alone', async () => {
    const today = localDay(new Date(), 'UTC');
    const anonymous = await Promise.all([
      call(undefined, 'heartRateZones'),
      call(undefined, 'trainingLoad', { from: addDays(today, -7), to: today }),
      call(undefined, 'racePredictions'),
    ]);
    expect(anonymous.map(({ code }) => code)).toEqual([209, 209, 209]);

    const owner = await signUp();
    await updateSettings(owner, { restingHr: 50 });
    await importRun(owner, Date.now() - 2 * DAY_MS, heartRateTrack(Date.now() - 2 * DAY_MS, 20));
    const ownerLoad = await result<TrainingLoadSeries>(owner, 'trainingLoad', {
      from: addDays(today, -7),
      to: today,
    });
    expect(ownerLoad.days.some((day) => day.load > 0)).toBe(true);

    for (const other of [bob, stranger]) {
      const zones = await result<PersonHeartRateZones>(other, 'heartRateZones');
      expect(zones.maxHrActivityId).toBeNull();
      const load = await result<TrainingLoadSeries>(other, 'trainingLoad', {
        from: addDays(today, -7),
        to: today,
      });
      expect(load.days.every((day) => day.load === 0)).toBe(true);
      expect(await result<RacePredictionsAnswer>(other, 'racePredictions')).toBeNull();
    }
  });

  it('keeps the stored days closed to every client, their owner too', async () => {
    await save(bob, workout(3, { effort: 6 }));
    const where = encodeURIComponent(JSON.stringify({ user: userPointer(bob.objectId) }));
    const [row] = await masterRows('TrainingLoadDay', bob, 'date');
    expect(row).toBeDefined();
    const path = `/parse/classes/TrainingLoadDay/${String(defined(row).objectId)}`;
    const attempts = await Promise.all([
      request('GET', `/parse/classes/TrainingLoadDay?where=${where}`, { sessionToken: bob.sessionToken }),
      request('GET', `/parse/classes/TrainingLoadDay?where=${where}`, {
        sessionToken: stranger.sessionToken,
      }),
      request('GET', `/parse/classes/TrainingLoadDay?where=${where}`),
      request('GET', path, { sessionToken: bob.sessionToken }),
      request('PUT', path, { sessionToken: bob.sessionToken, body: { load: 1 } }),
      request('PUT', path, { sessionToken: stranger.sessionToken, body: { load: 1 } }),
      request('DELETE', path, { sessionToken: bob.sessionToken }),
      request('POST', '/parse/classes/TrainingLoadDay', {
        sessionToken: bob.sessionToken,
        body: {
          user: userPointer(bob.objectId),
          date: '2024-01-01',
          timeZone: 'UTC',
          load: 1,
          fitness: 1,
          fatigue: 1,
        },
      }),
    ]);
    for (const attempt of attempts) expect(attempt.status).toBeGreaterThanOrEqual(400);
    expect((await masterRows('TrainingLoadDay', bob, 'date'))[0]).toMatchObject({ load: defined(row).load });
  });

  it('refuses computed workout fields from a client, whoever sends them', async () => {
    const own = await save(bob, workout(4, { effort: 5 }));
    for (const field of ['trainingLoad', 'loadSource', 'sustainedMaxHr']) {
      const value = field === 'loadSource' ? 'heartRate' : 999;
      const created = await save(bob, workout(4, { [field]: value }));
      expect(created.status).toBe(400);
      const path = `/parse/classes/Activity/${own.id}`;
      const [byOwner, byStranger, anonymous] = await Promise.all([
        request('PUT', path, { sessionToken: bob.sessionToken, body: { [field]: value } }),
        request('PUT', path, { sessionToken: stranger.sessionToken, body: { [field]: value } }),
        request('PUT', path, { body: { [field]: value } }),
      ]);
      expect([byOwner.status, byStranger.status, anonymous.status].every((status) => status >= 400)).toBe(
        true,
      );
    }
    const [stored] = (await masterRows('Activity', bob, 'startedAt')).filter(
      (row) => row.objectId === own.id,
    );
    expect(stored).toMatchObject({ trainingLoad: effortLoad(5, 45, undefined), loadSource: 'effort' });
    expect(defined(stored).sustainedMaxHr).toBeUndefined();
  });
});

describe('a workout’s load and zones', () => {
  it('gives a heart-rate track TRIMP and time in zones as the domain computes them', async () => {
    const person = await signUp();
    await updateSettings(person, { restingHr: 55, sex: 'male' });
    const start = Date.now() - 3 * DAY_MS;
    const track = heartRateTrack(start, 30);
    await importRun(person, start, track, { effort: 3 });
    const [activity] = await masterRows('Activity', person, 'startedAt');
    const max = defined(sustainedMaxHr(track));
    expect(activity).toMatchObject({ sustainedMaxHr: max, loadSource: 'heartRate' });

    const detail = await result<WorkoutDetail>(person, 'workoutDetail', {
      activityId: defined(activity).objectId,
    });
    const trimp = defined(banisterTrimp(track, { restingHr: 55, maxHr: max, sex: 'male' }));
    expect(detail.load?.source).toBe('heartRate');
    expect(detail.load?.value).toBeCloseTo(trimp, 9);
    expect(detail.timeInZones).toEqual(timeInZones(track, heartRateZones(55, max)));

    const zones = await result<PersonHeartRateZones>(person, 'heartRateZones');
    expect(zones).toMatchObject({
      maxHr: max,
      maxHrSource: 'tracks',
      maxHrActivityId: defined(activity).objectId,
      restingHr: 55,
    });

    // A new resting heart rate recomputes the load.
    await updateSettings(person, { restingHr: 60 });
    const again = await result<WorkoutDetail>(person, 'workoutDetail', {
      activityId: defined(activity).objectId,
    });
    expect(again.load?.value).toBeCloseTo(
      defined(banisterTrimp(track, { restingHr: 60, maxHr: max, sex: 'male' })),
      9,
    );
  });

  it('gives a workout with an effort only its effort’s load, and none without', async () => {
    const person = await signUp();
    const withEffort = await save(person, workout(2, { effort: 7, durationMin: 60 }));
    const without = await save(person, workout(2, { durationMin: 30 }));
    const [first, second] = await Promise.all(
      [withEffort.id, without.id].map((activityId) =>
        result<WorkoutDetail>(person, 'workoutDetail', { activityId }),
      ),
    );
    expect(defined(first).load).toEqual({ value: effortLoad(7, 60, undefined), source: 'effort' });
    expect(defined(first).activity.effort).toBe(7);
    expect(defined(first).timeInZones).toBeNull();
    expect(defined(second).load).toBeNull();
  });
});

describe('training load, kept incrementally', () => {
  it('stores after adds, edits and deletes exactly what the whole history computed from scratch gives', async () => {
    const person = await signUp();
    await updateSettings(person, { sex: 'female', timezone: 'America/New_York' });
    const ids: string[] = [];
    for (const [daysAgo, effort, minutes] of [
      [60, 5, 40],
      [45, 7, 50],
      [30, 4, 30],
      [29, 8, 70],
      [10, 6, 45],
      [2, 3, 20],
    ] as const) {
      ids.push((await save(person, workout(daysAgo, { effort, durationMin: minutes }))).id);
    }
    close(await storedDays(person), await fromScratch(person, 'America/New_York'));

    // Moving a workout back in time, changing another's effort, deleting a third.
    const put = (id: string, body: Record<string, unknown>) =>
      request('PUT', `/parse/classes/Activity/${id}`, { sessionToken: person.sessionToken, body });
    expect((await put(defined(ids[4]), { startedAt: workout(90).startedAt })).status).toBe(200);
    close(await storedDays(person), await fromScratch(person, 'America/New_York'));
    expect((await put(defined(ids[1]), { effort: 9 })).status).toBe(200);
    close(await storedDays(person), await fromScratch(person, 'America/New_York'));
    const deleted = await request('DELETE', `/parse/classes/Activity/${defined(ids[2])}`, {
      sessionToken: person.sessionToken,
    });
    expect(deleted.status).toBe(200);
    close(await storedDays(person), await fromScratch(person, 'America/New_York'));

    // The function's days are the full computation's, each day of the range.
    const today = localDay(new Date(), 'America/New_York');
    const series = await result<TrainingLoadSeries>(person, 'trainingLoad', {
      from: addDays(today, -40),
      to: today,
    });
    const scratch = await fromScratch(person, 'America/New_York');
    const loads = new Map(scratch.map((day) => [day.date, day.load]));
    const full = loadDaysFrom(emptyStateBefore(defined(scratch[0]).date), loads, today).filter(
      (day) => day.date >= addDays(today, -40),
    );
    expect(series.days).toHaveLength(41);
    close(series.days, full);
    expect(series.workouts).toEqual({ heartRate: 0, effort: 2, none: 0 });
    expect(series.timeZone).toBe('America/New_York');

    // A new sex changes every load: everything again, still equal.
    await updateSettings(person, { sex: 'male' });
    const [first] = await masterRows('Activity', person, 'startedAt');
    expect(defined(first).trainingLoad).toBeCloseTo(effortLoad(6, 45, 'male'), 9);
    close(await storedDays(person), await fromScratch(person, 'America/New_York'));
  });

  it('predicts races from two best efforts of recent runs, naming their workouts', async () => {
    const person = await signUp();
    expect(await result<RacePredictionsAnswer>(person, 'racePredictions')).toBeNull();
    // 10 s a point at a steady 4 m/s: 5 km and more of even running.
    const start = Date.now() - 5 * DAY_MS;
    const track: TrackPoint[] = Array.from({ length: 160 }, (_, index) => ({
      t: start + index * 10_000,
      lat: 48.1 + (index * 40) / 111_195,
      lon: 11.5,
    }));
    await importRun(person, start, track);
    const answer = await result<RacePredictionsAnswer>(person, 'racePredictions', {
      timeZone: 'Europe/Paris',
    });
    const [activity] = await masterRows('Activity', person, 'startedAt');
    expect(answer).not.toBeNull();
    expect(defined(answer).predictions).toHaveLength(4);
    expect(defined(answer).vdotFrom.activityId).toBe(defined(activity).objectId);
  });
});
