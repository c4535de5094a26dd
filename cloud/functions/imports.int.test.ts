import { randomUUID } from 'node:crypto';
import { gzipSync, strToU8 } from 'fflate';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';
import { connectDatabase } from '../../server/test/serverProcess';
import type { WorkoutDetail } from '../../src/domain/activity';
import type { ImportAnswer } from '../../src/domain/track';

const DAY_MS = 86_400_000;
const base = Date.now() - 30 * DAY_MS;

async function importAs(account: Account | undefined, params: Record<string, unknown>) {
  const { status, body } = await request('POST', '/parse/functions/importWorkouts', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
  return {
    status,
    code: body.code,
    error: body.error as string,
    field: body.field,
    result: body.result as ImportAnswer,
  };
}

/** A run of `days` ago with a short track, as the import page sends it. */
function run(days: number, extra: Record<string, unknown> = {}) {
  const start = base + days * DAY_MS;
  return {
    clientKey: randomUUID(),
    type: 'run',
    source: 'gpx',
    startedAt: new Date(start).toISOString(),
    durationMin: 31,
    movingTimeS: 1800,
    distanceKm: 5.02,
    elevationGainM: 42,
    avgHr: 151,
    maxHr: 178,
    track: [
      { t: start, lat: 48.1, lon: 11.5, ele: 520, hr: 120 },
      { t: start + 60_000, lat: 48.102, lon: 11.5, ele: 522, hr: 150 },
    ],
    ...extra,
  };
}

async function activitiesOf(account: Account) {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
  const { body } = await request('GET', `/parse/classes/Activity?where=${where}&order=startedAt&limit=100`, {
    masterKey: true,
  });
  return body.results as Record<string, unknown>[];
}

async function tracksOf(account: Account) {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
  const { body } = await request('GET', `/parse/classes/Track?where=${where}`, { masterKey: true });
  return body.results as Record<string, unknown>[];
}

async function originalsOf(account: Account) {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
  const { body } = await request('GET', `/parse/classes/OriginalFile?where=${where}`, { masterKey: true });
  return body.results as Record<string, unknown>[];
}

/** Uploads a workout file to keep, as the import page does with "Keep the original files". */
async function keptOriginal(account: Account): Promise<Record<string, unknown>> {
  const gpx = '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>';
  const { status, body } = await request('POST', '/parse/files/original.gpx.gz', {
    sessionToken: account.sessionToken,
    raw: gzipSync(strToU8(gpx)),
    headers: { 'Content-Type': 'application/gzip' },
  });
  if (status !== 201) throw new Error(`Upload failed (${status}): ${JSON.stringify(body)}`);
  return { __type: 'File', name: body.name, url: body.url };
}

/** The objectIds of the workouts that rows of another class (Track, OriginalFile) belong to. */
const activityIds = (rows: Record<string, unknown>[]) =>
  rows.map((row) => (row.activity as { objectId: string }).objectId).sort();

/**
 * Saves a workout of `owner` under `clientKey` in a transaction left open, as another save of the
 * same workout (a second tab importing the same folder) would be while it runs: an insert of the
 * same key waits for it. `commit` ends it once something waits, so that insert then fails.
 */
async function holdKey(owner: Account, workout: { clientKey: string; startedAt: string }) {
  const holder: pg.Client = await connectDatabase(inject('dataDir'));
  await holder.query('BEGIN');
  await holder.query(
    `INSERT INTO "Activity" ("objectId", "createdAt", "updatedAt", "_rperm", "_wperm", "user", "type",
       "startedAt", "durationMin", "source", "clientKey")
     VALUES ($1, now(), now(), ARRAY[$2], ARRAY[$2], $2, 'run', $3, 31, 'gpx', $4)`,
    [randomUUID().slice(0, 10), owner.objectId, workout.startedAt, workout.clientKey],
  );
  const waiting = async () => {
    const { rows } = await holder.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_locks waiter
         JOIN pg_locks held ON held.transactionid = waiter.transactionid
        WHERE held.pid = pg_backend_pid() AND held.granted AND NOT waiter.granted`,
    );
    return (rows[0]?.waiting ?? 0) > 0;
  };
  return {
    async commitOnceWaitedFor(): Promise<void> {
      try {
        for (let tries = 0; !(await waiting()); tries++) {
          if (tries > 300) throw new Error('Nothing waited for the held clientKey within 15 s.');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await holder.query('COMMIT');
      } finally {
        await holder.end();
      }
    },
  };
}

describe('importWorkouts', () => {
  it('previews, then imports workouts with their tracks, skipping what is saved and naming what is refused', async () => {
    const ann = await signUp();
    const typed = await request('POST', '/parse/classes/Activity', {
      sessionToken: ann.sessionToken,
      body: {
        type: 'run',
        startedAt: { __type: 'Date', iso: new Date(base + DAY_MS + 60_000).toISOString() },
        durationMin: 30,
      },
    });
    expect(typed.status).toBe(201);
    const workouts = [
      run(0),
      run(1), // one minute from the run typed in: the same workout
      run(2, { type: 'cycle', track: undefined }),
      run(3, { avgHr: 190, maxHr: 170 }),
      run(4, { track: [{ t: base, lat: 95, lon: 0 }] }),
      run(0, { clientKey: randomUUID() }), // the first one again, from another file
    ];

    const preview = await importAs(ann, { workouts, dryRun: true });
    const afterPreview = await activitiesOf(ann);
    const imported = await importAs(ann, { workouts });

    const expected = {
      wouldImport: 2,
      duplicates: [2, 6],
      refused: [
        { row: 4, reason: 'avgHr cannot be above maxHr.' },
        { row: 5, reason: 'track point 1 has a latitude outside −90…90.' },
      ],
    };
    expect(preview.result).toEqual({ imported: 0, ...expected });
    expect(afterPreview).toHaveLength(1);
    expect(imported.result).toEqual({ imported: 2, ...expected });
    const saved = await activitiesOf(ann);
    expect(saved).toHaveLength(3);
    expect(saved[0]).toMatchObject({
      type: 'run',
      source: 'gpx',
      movingTimeS: 1800,
      distanceKm: 5.02,
      elevationGainM: 42,
      avgHr: 151,
      maxHr: 178,
      ACL: { [ann.objectId]: { read: true, write: true } },
    });
    const tracks = await tracksOf(ann);
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ ACL: { [ann.objectId]: { read: true } } });
    expect((tracks[0]?.points as unknown[]).length).toBe(2);
  });

  it('adds nothing twice when an import stopped half way is started again', async () => {
    const ben = await signUp();
    const workouts = Array.from({ length: 6 }, (_, index) => run(index));

    await importAs(ben, { workouts: workouts.slice(0, 3) });
    const again = await importAs(ben, { workouts });

    expect(again.result).toMatchObject({ imported: 3, duplicates: [1, 2, 3] });
    expect(await activitiesOf(ben)).toHaveLength(6);
  });

  it('deletes a workout’s track with the workout', async () => {
    const cat = await signUp();
    await importAs(cat, { workouts: [run(0)] });
    const [activity] = await activitiesOf(cat);

    await request('DELETE', `/parse/classes/Activity/${String(activity?.objectId)}`, {
      sessionToken: cat.sessionToken,
    });

    expect(await tracksOf(cat)).toEqual([]);
  });

  it('keeps tracks from everyone but their owner, and lets no client write one', async () => {
    const [dan, eve] = await Promise.all([signUp(), signUp()]);
    await importAs(dan, { workouts: [run(0)] });
    const [track] = await tracksOf(dan);
    const id = String(track?.objectId);

    const own = await request('GET', `/parse/classes/Track/${id}`, { sessionToken: dan.sessionToken });
    const asEve = await request('GET', `/parse/classes/Track/${id}`, { sessionToken: eve.sessionToken });
    const eveList = await request('GET', '/parse/classes/Track', { sessionToken: eve.sessionToken });
    const anonymous = await request('GET', '/parse/classes/Track');
    const danEdits = await request('PUT', `/parse/classes/Track/${id}`, {
      sessionToken: dan.sessionToken,
      body: { points: [] },
    });
    const eveCreates = await request('POST', '/parse/classes/Track', {
      sessionToken: eve.sessionToken,
      body: { user: userPointer(dan.objectId), activity: track?.activity, points: [] },
    });

    expect(own.status).toBe(200);
    expect(asEve.body.code).toBe(101);
    expect(eveList.body.results).toEqual([]);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect([danEdits.body.code, eveCreates.body.code]).toEqual([119, 119]);
    expect(await tracksOf(dan)).toHaveLength(1);
  });

  it('refuses an anonymous caller, an empty or oversized batch and a bad dryRun with 142 naming the field', async () => {
    const fay = await signUp();

    const anonymous = await importAs(undefined, { workouts: [run(0)] });
    const empty = await importAs(fay, { workouts: [] });
    const notList = await importAs(fay, { workouts: { 0: run(0) } });
    const tooMany = await importAs(fay, { workouts: Array.from({ length: 501 }, () => ({})) });
    const badDryRun = await importAs(fay, { workouts: [run(0)], dryRun: 'yes' });
    const hostile = await importAs(fay, {
      workouts: [null, 'run', { type: { $ne: null } }, { ...run(0), track: 'here' }],
    });

    expect(anonymous.code).toBe(209);
    expect(empty).toMatchObject({ code: 142, error: 'workouts must list at least one workout.' });
    expect(notList.code).toBe(142);
    expect(tooMany).toMatchObject({ code: 142, error: 'At most 500 workouts per call.', field: 'workouts' });
    expect(badDryRun).toMatchObject({ code: 142, error: 'dryRun must be true or false.' });
    expect(hostile.result.refused.map((refusal) => refusal.row)).toEqual([1, 2, 3, 4]);
    expect(hostile.result.refused[3]?.reason).toBe('track must be a list of points.');
    expect(await activitiesOf(fay)).toEqual([]);
  });

  it('answers a workout’s detail with its route to its owner only', async () => {
    const [gil, hal] = await Promise.all([signUp(), signUp()]);
    await importAs(gil, { workouts: [run(0)] });
    const [activity] = await activitiesOf(gil);
    const activityId = String(activity?.objectId);
    const detail = (account: Account | undefined, params: object) =>
      request('POST', '/parse/functions/workoutDetail', {
        ...(account ? { sessionToken: account.sessionToken } : {}),
        body: params,
      });

    const own = await detail(gil, { activityId });
    const asHal = await detail(hal, { activityId });
    const anonymous = await detail(undefined, { activityId });
    const hostile = await detail(gil, { activityId: { $ne: null } });

    expect(own.body.result).toMatchObject({
      activity: { id: activityId, type: 'run', source: 'gpx', distanceKm: 5.02 },
      movingTimeS: 1800,
      elevationGainM: 42,
      avgHr: 151,
      maxHr: 178,
      track: [expect.objectContaining({ lat: 48.1, lon: 11.5 }), expect.objectContaining({ lat: 48.102 })],
    });
    expect(asHal.body).toMatchObject({ code: 101, error: 'That workout was not found.' });
    expect(anonymous.body.code).toBe(209);
    expect(hostile.body).toMatchObject({ code: 142, error: 'activityId must be the id of a workout.' });
  });
});

describe('import keys per person', () => {
  it('imports a workout someone else imported from the same file, and tells neither of the other', async () => {
    const [ann, bob] = await Promise.all([signUp(), signUp()]);
    // One GPX file of a run both were on: the same source, type and start, so the same clientKey.
    const shared = run(11);
    const first = await importAs(ann, { workouts: [shared] });
    const workouts = [run(10), shared, run(12)];

    const preview = await importAs(bob, { workouts, dryRun: true });
    const imported = await importAs(bob, { workouts });
    const annAgain = await importAs(ann, { workouts: [shared] });

    expect(first.result).toEqual({ imported: 1, wouldImport: 1, duplicates: [], refused: [] });
    expect(preview.result).toEqual({ imported: 0, wouldImport: 3, duplicates: [], refused: [] });
    expect(imported).toMatchObject({
      status: 200,
      result: { imported: 3, wouldImport: 3, duplicates: [], refused: [] },
    });
    expect(annAgain.result).toEqual({ imported: 0, wouldImport: 0, duplicates: [1], refused: [] });
    const [annRows, bobRows] = await Promise.all([activitiesOf(ann), activitiesOf(bob)]);
    expect(annRows.map((row) => row.clientKey)).toEqual([shared.clientKey]);
    expect(bobRows.map((row) => row.clientKey)).toEqual(workouts.map((workout) => workout.clientKey));
    expect(activityIds(await tracksOf(bob))).toEqual(bobRows.map((row) => String(row.objectId)).sort());
  });

  it('saves each workout whole with its track and original when another save of one of them wins its key', async () => {
    const cy = await signUp();
    const workouts = await Promise.all(
      [run(20), run(21), run(22)].map(async (workout) => ({
        ...workout,
        originalFile: await keptOriginal(cy),
        originalName: 'morning.gpx',
      })),
    );
    const [, raced] = workouts;
    const held = await holdKey(cy, raced ?? expect.unreachable());

    const answer = importAs(cy, { workouts });
    await held.commitOnceWaitedFor();
    const { status, result } = await answer;

    expect(status).toBe(200);
    expect(result).toEqual({ imported: 2, wouldImport: 2, duplicates: [2], refused: [] });
    const rows = await activitiesOf(cy);
    expect(rows).toHaveLength(3);
    const imported = rows
      .filter((row) => row.clientKey !== raced?.clientKey)
      .map((row) => String(row.objectId))
      .sort();
    expect(imported).toHaveLength(2);
    expect(activityIds(await tracksOf(cy))).toEqual(imported);
    expect(activityIds(await originalsOf(cy))).toEqual(imported);
  });

  it('keeps a person’s imports from another importer of the file, a stranger and an anonymous caller', async () => {
    const [ann, bob, cat] = await Promise.all([signUp(), signUp(), signUp()]);
    const shared = run(13);
    await importAs(ann, { workouts: [shared] });
    await importAs(bob, { workouts: [shared] });
    const [annRow] = await activitiesOf(ann);
    const path = `/parse/classes/Activity/${String(annRow?.objectId)}`;
    const byKey = `/parse/classes/Activity?where=${encodeURIComponent(JSON.stringify({ clientKey: shared.clientKey }))}`;
    const own = { type: 'run', startedAt: { __type: 'Date', iso: shared.startedAt }, durationMin: 31 };

    for (const caller of [bob, cat, undefined]) {
      const session = caller ? { sessionToken: caller.sessionToken } : {};
      const tries = await Promise.all([
        request('GET', byKey, session),
        request('GET', path, session),
        request('PUT', path, { ...session, body: { notes: 'mine now' } }),
        request('DELETE', path, session),
        request('GET', '/parse/classes/OriginalFile', session),
      ]);
      // Created after the reads: a stranger's own row with the key would otherwise be found by them.
      const creation = await request('POST', '/parse/classes/Activity', {
        ...session,
        body: { ...own, clientKey: shared.clientKey },
      });
      const answers = [...tries, creation];
      const [found, got, changed, deleted, originals, created] = answers;

      for (const answer of answers) expect(answer.text).not.toContain(String(annRow?.objectId));
      if (caller) {
        expect(found?.body.results).toEqual(
          caller === bob ? [expect.objectContaining({ clientKey: shared.clientKey })] : [],
        );
        expect([got?.body.code, changed?.body.code, deleted?.body.code]).toEqual([101, 101, 101]);
        expect(originals?.body.results).toEqual([]);
        // Bob holds the key already: his own duplicate, as before. Cat's row is her own.
        expect(created?.status).toBe(caller === bob ? 400 : 201);
      } else {
        for (const answer of answers) expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    }
    const [annAfter] = await activitiesOf(ann);
    expect(annAfter).toEqual(annRow);
    expect(await activitiesOf(cat)).toEqual([expect.objectContaining({ clientKey: shared.clientKey })]);
  });
});

describe('personal bests', () => {
  /** A straight workout north, `metres` long at `speed` m/s, a point every 100 m. */
  function steady(days: number, type: string, metres: number, speed: number) {
    const start = base + days * DAY_MS;
    return {
      type,
      source: 'gpx',
      startedAt: new Date(start).toISOString(),
      durationMin: Math.max(1, Math.round(metres / speed / 60)),
      track: Array.from({ length: metres / 100 + 1 }, (_, index) => ({
        t: start + (index * 100 * 1000) / speed,
        lat: 48 + (index * 100) / 111_195,
        lon: 11,
      })),
    };
  }

  it('answers the fastest time at each distance over the person’s runs only, for tracks saved before too', async () => {
    const [ida, jon] = await Promise.all([signUp(), signUp()]);
    await importAs(ida, {
      workouts: [steady(1, 'run', 1000, 4), steady(2, 'run', 1200, 3.2), steady(3, 'cycle', 2000, 10)],
    });
    await importAs(jon, { workouts: [steady(1, 'run', 1000, 6)] });
    const [fast, slow] = await activitiesOf(ida);
    // A track saved before best efforts were kept has none; reading a detail fills them in.
    const [older] = (await tracksOf(ida)).filter(
      (track) => (track.activity as { objectId: string }).objectId === fast?.objectId,
    );
    await request('PUT', `/parse/classes/Track/${String(older?.objectId)}`, {
      masterKey: true,
      body: { bestEfforts: { __op: 'Delete' } },
    });

    const { body } = await request('POST', '/parse/functions/workoutDetail', {
      sessionToken: ida.sessionToken,
      body: { activityId: slow?.objectId },
    });

    expect((body.result as WorkoutDetail).personalBests).toEqual([
      { distanceM: 400, seconds: 100 },
      { distanceM: 1000, seconds: 250 },
    ]);
    const kept = (await tracksOf(ida)).map((track) => track.bestEfforts);
    expect(kept).toEqual(
      expect.arrayContaining([[], expect.arrayContaining([{ distanceM: 400, seconds: 100 }])]),
    );
  });
});
