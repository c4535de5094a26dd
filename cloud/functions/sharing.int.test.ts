import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseDate,
  request,
  signUp,
  updateSettings,
  userPointer,
  type Account,
} from '../../server/test/rest';
import { TRIMMED_ENDS_M, type PrivacyZone } from '../../src/domain/privacyZones';
import type { WorkoutDetail } from '../../src/domain/activity';
import type { SharedWorkout, SharedWorkoutGpx } from '../../src/domain/sharing';
import { distanceM, type TrackPoint } from '../../src/domain/track';

const METRES_PER_DEGREE = distanceM({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });
const HOME = { lat: 52.52, lon: 13.405 };
const START = Date.parse('2026-10-01T07:00:00Z');

/** A run of 300 points north from home, one every 8 m, with heart rate. */
const TRACK: TrackPoint[] = Array.from({ length: 300 }, (_, index) => ({
  t: START + index * 3000,
  lat: HOME.lat + (index * 8) / METRES_PER_DEGREE,
  lon: HOME.lon,
  ele: 40,
  hr: 140 + (index % 20),
}));
/** A zone around a café half way along the run. */
const ZONES: PrivacyZone[] = [
  { lat: HOME.lat + 1200 / METRES_PER_DEGREE, lon: HOME.lon + 0.001, radiusM: 150 },
];

async function call(name: string, account: Account | undefined, params: Record<string, unknown> = {}) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function befriend(a: Account, b: Account): Promise<void> {
  expect((await call('sendFriendRequest', a, { username: b.username })).status).toBe(200);
  expect((await call('sendFriendRequest', b, { username: a.username })).body.result).toMatchObject({
    status: 'accepted',
  });
}

/** A workout saved by its owner as the app does; answers its id. */
async function workout(owner: Account, fields: Record<string, unknown> = {}): Promise<string> {
  const { status, body, text } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: {
      type: 'run',
      startedAt: parseDate(new Date(START)),
      durationMin: 30,
      avgHr: 150,
      maxHr: 172,
      ...fields,
    },
  });
  expect(status, text).toBe(201);
  return String(body.objectId);
}

/** A run with a route, imported as the import page sends it; answers its id. */
async function importedRun(owner: Account, startedAt = START): Promise<string> {
  const { body, text } = await call('importWorkouts', owner, {
    workouts: [
      {
        clientKey: randomUUID(),
        type: 'run',
        source: 'gpx',
        startedAt: new Date(startedAt).toISOString(),
        durationMin: 15,
        distanceKm: 2.39,
        avgHr: 149,
        maxHr: 159,
        track: TRACK,
      },
    ],
  });
  expect(body.result, text).toMatchObject({ imported: 1 });
  const where = encodeURIComponent(JSON.stringify({ startedAt: parseDate(new Date(startedAt)) }));
  const found = await request('GET', `/parse/classes/Activity?where=${where}`, {
    sessionToken: owner.sessionToken,
  });
  return String(found.body.results?.[0]?.objectId);
}

async function visibilityOf(owner: Account, activityId: string): Promise<unknown> {
  const { body } = await request('GET', `/parse/classes/Activity/${activityId}`, {
    sessionToken: owner.sessionToken,
  });
  return body.visibility;
}

const shared = async (viewer: Account | undefined, activityId: string) =>
  call('sharedWorkout', viewer, { activityId });

/** Every point checked one by one: none near the route's ends, none in a zone. */
function expectTrimmed(points: readonly { lat: number; lon: number }[], zones: readonly PrivacyZone[]) {
  const first = TRACK[0] as TrackPoint;
  const last = TRACK.at(-1) as TrackPoint;
  expect(points.length).toBeGreaterThan(0);
  for (const point of points) {
    expect(distanceM(point, first)).toBeGreaterThan(TRIMMED_ENDS_M);
    expect(distanceM(point, last)).toBeGreaterThan(TRIMMED_ENDS_M);
    for (const zone of zones) expect(distanceM(point, zone)).toBeGreaterThan(zone.radiusM);
  }
}

describe("a new workout's visibility", () => {
  it('is friends by default, private when the person does not share activity, and their default when set', async () => {
    const person = await signUp();
    expect(await visibilityOf(person, await workout(person))).toBe('friends');
    await updateSettings(person, { shareActivity: false });
    expect(await visibilityOf(person, await workout(person))).toBe('private');
    await updateSettings(person, { shareActivity: true, defaultVisibility: 'private' });
    expect(await visibilityOf(person, await workout(person))).toBe('private');
    await updateSettings(person, { shareActivity: false, defaultVisibility: 'friends' });
    expect(await visibilityOf(person, await workout(person))).toBe('friends');
  });

  it('keeps what the workout is saved with, and an imported workout follows the default', async () => {
    const person = await signUp();
    await updateSettings(person, { defaultVisibility: 'private' });
    expect(await visibilityOf(person, await workout(person, { visibility: 'friends' }))).toBe('friends');
    expect(await visibilityOf(person, await importedRun(person, START + 3_600_000))).toBe('private');
  });

  it('refuses a visibility the contract does not have, naming the field', async () => {
    const person = await signUp();
    const { body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: person.sessionToken,
      body: { type: 'run', startedAt: parseDate(new Date(START)), durationMin: 30, visibility: 'public' },
    });
    expect(body).toMatchObject({ code: 142, field: 'visibility' });
  });
});

describe('privacy zones in the settings', () => {
  it('are saved when valid and refused with 142 naming the zone and field', async () => {
    const person = await signUp();
    await updateSettings(person, { privacyZones: ZONES });
    const settingsId = await updateSettings(person, { privacyZones: [] });
    const refuse = async (privacyZones: unknown) =>
      (
        await request('PUT', `/parse/classes/Settings/${settingsId}`, {
          sessionToken: person.sessionToken,
          body: { privacyZones },
        })
      ).body;
    const zone = { ...HOME, radiusM: 300 };
    expect(await refuse([zone, zone, { ...zone, radiusM: 50 }])).toMatchObject({
      code: 142,
      field: 'privacyZones[2].radiusM',
    });
    expect(await refuse([{ ...zone, lat: 91 }])).toMatchObject({ code: 142, field: 'privacyZones[0].lat' });
    expect(await refuse([{ ...zone, note: 'home' }])).toMatchObject({
      code: 142,
      field: 'privacyZones[0].note',
    });
    expect(await refuse(Array.from({ length: 6 }, () => zone))).toMatchObject({
      code: 142,
      field: 'privacyZones',
    });
    expect(await refuse('home')).toMatchObject({ code: 142, field: 'privacyZones' });
  });
});

describe('sharedWorkout and sharedWorkoutGpx', () => {
  let owner: Account;
  let friend: Account;
  let stranger: Account;
  let blocker: Account;
  let blocked: Account;
  let routeRun: string;
  let quietRun: string;
  let privateRun: string;

  beforeAll(async () => {
    [owner, friend, stranger, blocker, blocked] = await Promise.all([
      signUp(),
      signUp(),
      signUp(),
      signUp(),
      signUp(),
    ]);
    await Promise.all([befriend(owner, friend), befriend(owner, blocker), befriend(owner, blocked)]);
    await call('blockUser', blocker, { userId: owner.objectId });
    await call('blockUser', owner, { userId: blocked.objectId });
    await updateSettings(owner, { shareRoutes: true, shareHeartRate: false, privacyZones: ZONES });
    routeRun = await importedRun(owner);
    quietRun = await importedRun(owner, START + 86_400_000);
    await request('PUT', `/parse/classes/Activity/${quietRun}`, {
      sessionToken: owner.sessionToken,
      body: { showRoute: false, commentsOff: true },
    });
    privateRun = await workout(owner, { visibility: 'private' });
  });

  it('shows a friend the summary and the trimmed route without heart rate', async () => {
    const { status, body } = await shared(friend, routeRun);
    const result = body.result as SharedWorkout;

    expect(status).toBe(200);
    expect(result).toMatchObject({
      activityId: routeRun,
      owner: { userId: owner.objectId, username: owner.username },
      type: 'run',
      durationMin: 15,
      distanceKm: 2.39,
      avgHr: null,
      maxHr: null,
      heartRateShared: false,
      commentsOff: false,
      mine: false,
    });
    expect(Object.keys(result.owner).sort()).toEqual(['avatarUrl', 'displayName', 'userId', 'username']);
    const route = result.route ?? [];
    expectTrimmed(route, ZONES);
    expect(route.length).toBeLessThan(TRACK.length - 50);
    for (const point of route) expect(point.hr).toBeUndefined();
  });

  it('gives the same trimmed route as a GPX file, point by point', async () => {
    const { body } = await call('sharedWorkoutGpx', friend, { activityId: routeRun });
    const { gpx, fileName } = body.result as SharedWorkoutGpx;
    const points = [...gpx.matchAll(/<trkpt lat="([-\d.e]+)" lon="([-\d.e]+)">/g)].map((match) => ({
      lat: Number(match[1]),
      lon: Number(match[2]),
    }));

    expect(fileName).toMatch(/\.gpx$/);
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx).not.toContain('gpxtpx:hr');
    expectTrimmed(points, ZONES);
    const sharedRoute = ((await shared(friend, routeRun)).body.result as SharedWorkout).route ?? [];
    expect(points).toHaveLength(sharedRoute.length);
  });

  it('adds heart rate to the route and the summary when the owner shares it', async () => {
    await request('PUT', `/parse/classes/Activity/${routeRun}`, {
      sessionToken: owner.sessionToken,
      body: { showHeartRate: true },
    });
    const result = (await shared(friend, routeRun)).body.result as SharedWorkout;
    const gpx = (
      (await call('sharedWorkoutGpx', friend, { activityId: routeRun })).body.result as SharedWorkoutGpx
    ).gpx;
    await request('PUT', `/parse/classes/Activity/${routeRun}`, {
      sessionToken: owner.sessionToken,
      body: { showHeartRate: { __op: 'Delete' } },
    });

    expect(result).toMatchObject({ avgHr: 149, maxHr: 159, heartRateShared: true });
    expectTrimmed(result.route ?? [], ZONES);
    expect(result.route?.every((point) => typeof point.hr === 'number')).toBe(true);
    expect(gpx).toContain('gpxtpx:hr');
  });

  it('leaves the route out of a workout whose owner hid it, and has no GPX for it', async () => {
    const { body } = await shared(friend, quietRun);
    const gpx = await call('sharedWorkoutGpx', friend, { activityId: quietRun });

    expect(body.result).toMatchObject({ route: null, avgHr: null, commentsOff: true });
    expect(gpx.body).toMatchObject({ code: 101 });
  });

  it('leaves the route out while the owner shares no routes (the default)', async () => {
    const other = await signUp();
    const buddy = await signUp();
    await befriend(other, buddy);
    const run = await importedRun(other);
    expect(((await shared(buddy, run)).body.result as SharedWorkout).route).toBeNull();
    expect((await call('sharedWorkoutGpx', buddy, { activityId: run })).body).toMatchObject({ code: 101 });
  });

  it('answers workoutDetail as sharedWorkout does to a friend, whole to its owner, and "not found" to others', async () => {
    const detail = await call('workoutDetail', friend, { activityId: routeRun });
    const asShared = (await shared(friend, routeRun)).body.result as SharedWorkout;
    const own = await call('workoutDetail', owner, { activityId: routeRun });
    const missing = await call('workoutDetail', friend, { activityId: 'abcdefghij' });
    const refusals = await Promise.all([
      call('workoutDetail', stranger, { activityId: routeRun }),
      call('workoutDetail', blocker, { activityId: routeRun }),
      call('workoutDetail', blocked, { activityId: routeRun }),
      call('workoutDetail', friend, { activityId: privateRun }),
    ]);
    const anonymous = await call('workoutDetail', undefined, { activityId: routeRun });

    expect(detail.body.result).toEqual({ shared: asShared });
    expectTrimmed((detail.body.result as { shared: SharedWorkout }).shared.route ?? [], ZONES);
    const start = TRACK[0] as TrackPoint;
    expect((own.body.result as WorkoutDetail).track?.[0]).toMatchObject({ lat: start.lat, lon: start.lon });
    expect(missing.body).toMatchObject({ code: 101 });
    for (const refused of refusals) expect(refused.body).toEqual(missing.body);
    expect(anonymous.body.result).toBeUndefined();
  });

  it('shows its owner what friends see', async () => {
    const result = (await shared(owner, routeRun)).body.result as SharedWorkout;
    expectTrimmed(result.route ?? [], ZONES);
    expect(result.mine).toBe(true);
  });

  it('answers "not found" to a stranger, to both sides of a block, for a private workout and for no workout, alike', async () => {
    const missing = await shared(friend, 'abcdefghij');
    const refusals = await Promise.all([
      shared(stranger, routeRun),
      shared(blocker, routeRun),
      shared(blocked, routeRun),
      shared(friend, privateRun),
      call('sharedWorkoutGpx', stranger, { activityId: routeRun }),
      call('sharedWorkoutGpx', blocked, { activityId: routeRun }),
    ]);

    expect(missing.body).toMatchObject({ code: 101 });
    for (const refused of refusals) {
      expect(refused.status).toBe(missing.status);
      expect(refused.body).toEqual(missing.body);
    }
  });

  it('refuses an anonymous caller and a malformed id', async () => {
    const anonymous = await shared(undefined, routeRun);
    const gpx = await call('sharedWorkoutGpx', undefined, { activityId: routeRun });
    const malformed = await call('sharedWorkout', friend, { activityId: { $ne: null } });

    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.body.result).toBeUndefined();
    expect(gpx.body.result).toBeUndefined();
    expect(malformed.body).toMatchObject({ code: 142, field: 'activityId' });
  });

  it('answers "not found" while the owner is suspended, and shows the workout again after', async () => {
    const suspended = await signUp();
    const buddy = await signUp();
    await befriend(suspended, buddy);
    const run = await workout(suspended);
    const suspend = (until: unknown) =>
      request('PUT', `/parse/users/${suspended.objectId}`, {
        masterKey: true,
        body: { suspendedUntil: until },
      });
    const missing = await shared(buddy, 'abcdefghij');

    expect((await suspend(parseDate(new Date(Date.now() + 86_400_000)))).status).toBe(200);
    expect((await shared(buddy, run)).body).toEqual(missing.body);
    expect((await suspend({ __op: 'Delete' })).status).toBe(200);
    expect((await shared(buddy, run)).body.result).toMatchObject({ activityId: run });
  });

  it("keeps the Track and the Activity rows owner-only to a friend's direct query", async () => {
    const byActivity = encodeURIComponent(
      JSON.stringify({ activity: { __type: 'Pointer', className: 'Activity', objectId: routeRun } }),
    );
    const byOwner = encodeURIComponent(JSON.stringify({ user: userPointer(owner.objectId) }));
    const asFriend = { sessionToken: friend.sessionToken };

    expect((await request('GET', `/parse/classes/Track?where=${byActivity}`, asFriend)).body.results).toEqual(
      [],
    );
    expect((await request('GET', `/parse/classes/Track?where=${byOwner}`, asFriend)).body.results).toEqual(
      [],
    );
    expect((await request('GET', `/parse/classes/Activity?where=${byOwner}`, asFriend)).body.results).toEqual(
      [],
    );
    expect((await request('GET', `/parse/classes/Activity/${routeRun}`, asFriend)).body).toMatchObject({
      code: 101,
    });
  });
});

describe('setWorkoutsVisibility', () => {
  it("sets every workout of the caller's, answers how many changed, and leaves others' alone", async () => {
    const [person, other] = await Promise.all([signUp(), signUp()]);
    const mine = await Promise.all([
      workout(person),
      workout(person),
      workout(person, { visibility: 'private' }),
    ]);
    const theirs = await workout(other);

    expect((await call('setWorkoutsVisibility', person, { visibility: 'private' })).body.result).toEqual({
      changed: 2,
    });
    expect((await call('setWorkoutsVisibility', person, { visibility: 'private' })).body.result).toEqual({
      changed: 0,
    });
    for (const id of mine) expect(await visibilityOf(person, id)).toBe('private');
    expect(await visibilityOf(other, theirs)).toBe('friends');
    expect((await call('setWorkoutsVisibility', person, { visibility: 'friends' })).body.result).toEqual({
      changed: 3,
    });
    for (const id of mine) expect(await visibilityOf(person, id)).toBe('friends');
  });

  it('refuses another visibility with 142 naming the field, and an anonymous caller', async () => {
    const person = await signUp();
    for (const visibility of ['public', '', null, ['private'], { $ne: 'x' }]) {
      expect((await call('setWorkoutsVisibility', person, { visibility })).body).toMatchObject({
        code: 142,
        field: 'visibility',
      });
    }
    const anonymous = await call('setWorkoutsVisibility', undefined, { visibility: 'private' });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.body.result).toBeUndefined();
  });
});
