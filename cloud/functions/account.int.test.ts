import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '../../src/domain/calendarDays';
import { dmRoomKey } from '../../src/domain/chatRooms';
import { deletionOrder } from '../schema/personalData';
import { EXPORT_PARTS, type ExportPage, type ExportPart, type ExportRow } from '../../src/domain/dataExport';
import {
  logIn,
  parseDate,
  pointer,
  request,
  signUp,
  uniqueName,
  updateSettings,
  userPointer,
  type Account,
} from '../../server/test/rest';
import { ONE_PIXEL_PNG as PNG } from '../../server/test/pictures';

const DAY = 86_400_000;

async function call(name: string, account: Account | undefined, params: Record<string, unknown> = {}) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function created(path: string, account: Account, body: Record<string, unknown>): Promise<string> {
  const { status, body: reply } = await request('POST', path, { sessionToken: account.sessionToken, body });
  if (status !== 201 || typeof reply.objectId !== 'string') {
    throw new Error(`POST ${path} failed (${status}): ${JSON.stringify(reply)}`);
  }
  return reply.objectId;
}

async function befriend(a: Account, b: Account): Promise<void> {
  expect((await call('sendFriendRequest', a, { username: b.username })).status).toBe(200);
  expect((await call('sendFriendRequest', b, { username: a.username })).body.result).toMatchObject({
    status: 'accepted',
  });
}

interface Seeded {
  ids: string[];
  texts: string[];
  avatarUrl: string;
  foodId: string;
  mealId: string;
}

/** One row at least in every class the person can own, each carrying text that names them. */
async function seedEverything(person: Account, friend: Account): Promise<Seeded> {
  const tag = person.username;
  const at = parseDate(new Date(Date.now() - DAY));
  const texts = [
    `${tag} evening run`,
    `${tag} granola`,
    `${tag} weigh-in`,
    `${tag} topic`,
    `${tag} dm`,
    `${tag} sandbag carry`,
    `${tag} carry day`,
    `${tag} granola breakfast`,
  ];
  const settingsId = await updateSettings(person, { goalWeightKg: 70, timezone: 'Europe/Berlin' });
  const activityId = await created('/parse/classes/Activity', person, {
    type: 'run',
    startedAt: at,
    durationMin: 30,
    notes: texts[0],
  });
  const foodId = await created('/parse/classes/Food', person, {
    name: texts[1],
    kcalPer100g: 400,
    proteinPer100g: 10,
    carbsPer100g: 60,
    fatPer100g: 13.3,
  });
  const mealId = await created('/parse/classes/Meal', person, {
    eatenAt: at,
    mealType: 'breakfast',
    food: pointer('Food', foodId),
    grams: 50,
  });
  const exerciseId = await created('/parse/classes/Exercise', person, {
    name: texts[5],
    category: 'other',
    primaryMuscles: ['traps'],
    measure: 'distance',
  });
  const routineId = await created('/parse/classes/Routine', person, {
    name: texts[6],
    exercises: [{ exerciseId, sets: [{ distanceM: 40 }], restS: 120 }],
  });
  const savedMealId = await created('/parse/classes/SavedMeal', person, {
    name: texts[7],
    items: [
      { foodId, grams: 60 },
      { name: 'Tea', caloriesKcal: 2 },
    ],
  });
  const weightId = await created('/parse/classes/WeightEntry', person, {
    measuredAt: at,
    weightKg: 81.7,
    note: texts[2],
  });
  await created('/parse/classes/BodyMeasurement', person, { measuredAt: at, waistCm: 84.5, neckCm: 38 });
  const topicId = await created('/parse/classes/ChatMessage', person, { room: 'topic:run', text: texts[3] });
  await befriend(person, friend);
  const dmId = await created('/parse/classes/ChatMessage', person, {
    room: dmRoomKey(person.objectId, friend.objectId),
    text: texts[4],
  });
  const upload = await request('POST', '/parse/files/avatar.png', {
    sessionToken: person.sessionToken,
    raw: PNG,
    headers: { 'Content-Type': 'image/png' },
  });
  const avatar = { __type: 'File', name: String(upload.body.name), url: String(upload.body.url) };
  const setAvatar = await request('PUT', `/parse/users/${person.objectId}`, {
    sessionToken: person.sessionToken,
    body: { avatar },
  });
  expect(setAvatar.status).toBe(200);
  return {
    ids: [
      person.objectId,
      settingsId,
      activityId,
      foodId,
      mealId,
      exerciseId,
      routineId,
      savedMealId,
      weightId,
      topicId,
      dmId,
    ],
    texts,
    avatarUrl: avatar.url,
    foodId,
    mealId,
  };
}

/** Pulls every page as the browser does, in sequence. */
async function exportAll(
  account: Account,
): Promise<{ pages: ExportPage[]; parts: Map<ExportPart, ExportRow[]> }> {
  const pages: ExportPage[] = [];
  let next: Record<string, unknown> | null = {};
  while (next) {
    const { status, body } = await call('exportMyData', account, next);
    expect(status).toBe(200);
    const page = body.result as ExportPage;
    pages.push(page);
    next = page.next as Record<string, unknown> | null;
  }
  const parts = new Map<ExportPart, ExportRow[]>(EXPORT_PARTS.map((part) => [part, []]));
  for (const page of pages) parts.get(page.part)?.push(...page.rows);
  return { pages, parts };
}

const where = (query: Record<string, unknown>) => encodeURIComponent(JSON.stringify(query));

async function countWhere(className: string, query: Record<string, unknown>): Promise<number> {
  const { body } = await request('GET', `/parse/classes/${className}?count=1&limit=0&where=${where(query)}`, {
    masterKey: true,
  });
  if (typeof body.count !== 'number')
    throw new Error(`Counting ${className} failed: ${JSON.stringify(body)}`);
  return body.count;
}

/**
 * How many rows of each kind are the person's, read with the master key: every class whose rows the
 * schema says go with the account (cloud/schema/personalData.ts), their sessions, and the account.
 */
async function footprint(userId: string): Promise<Record<string, number>> {
  const me = userPointer(userId);
  const queries: [string, Record<string, unknown>][] = [
    ...deletionOrder().map(({ className, personal }): [string, Record<string, unknown>] => [
      className,
      { $or: personal.ownedBy.map((field) => ({ [field]: me })) },
    ]),
    ['_Session', { user: me }],
    ['_User', { objectId: userId }],
  ];
  const entries = await Promise.all(
    queries.map(async ([className, query]) => [className, await countWhere(className, query)] as const),
  );
  return Object.fromEntries(entries);
}

const nothing = Object.fromEntries(
  [...deletionOrder().map(({ className }) => className), '_Session', '_User'].map((className) => [
    className,
    0,
  ]),
);

async function fileStatus(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

describe('exportMyData', () => {
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let dave: Account;
  let alices: Seeded;
  let carols: Seeded;
  let bobsText: string;

  beforeAll(async () => {
    [alice, bob, carol, dave] = await Promise.all([
      signUp(uniqueName('alice')),
      signUp(uniqueName('bob')),
      signUp(uniqueName('carol')),
      signUp(uniqueName('dave')),
    ]);
    await request('PUT', `/parse/users/${bob.objectId}`, {
      sessionToken: bob.sessionToken,
      body: { displayName: 'Bob the Builder' },
    });
    alices = await seedEverything(alice, bob);
    carols = await seedEverything(carol, dave);
    bobsText = `${bob.username} answers in the dm`;
    await created('/parse/classes/ChatMessage', bob, {
      room: dmRoomKey(alice.objectId, bob.objectId),
      text: bobsText,
    });
  }, 60_000);

  it('answers every part in order, one page each for a small account, then ends', async () => {
    const { pages } = await exportAll(alice);

    expect(pages.map((page) => page.part)).toEqual([...EXPORT_PARTS]);
    expect(pages.map((page) => page.partIndex)).toEqual(EXPORT_PARTS.map((_, index) => index));
    expect(pages.every((page) => page.partCount === EXPORT_PARTS.length)).toBe(true);
    expect(pages.at(-1)?.next).toBeNull();
  });

  it('holds what is the person’s in every class', async () => {
    const { parts } = await exportAll(alice);
    const only = (part: ExportPart) => {
      const rows = parts.get(part) ?? [];
      expect(rows, part).toHaveLength(1);
      return rows[0];
    };

    expect(only('profile')).toMatchObject({
      id: alice.objectId,
      username: alice.username,
      email: alice.email,
      avatarUrl: alices.avatarUrl,
    });
    expect(only('settings')).toMatchObject({ goalWeightKg: 70, timezone: 'Europe/Berlin' });
    expect(only('activities')).toMatchObject({ type: 'run', durationMin: 30, notes: alices.texts[0] });
    expect(only('activities')?.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(only('foods')).toMatchObject({ id: alices.foodId, name: alices.texts[1], kcalPer100g: 400 });
    expect(only('meals')).toMatchObject({
      id: alices.mealId,
      foodId: alices.foodId,
      grams: 50,
      caloriesKcal: 200,
    });
    expect(only('weighIns')).toMatchObject({ weightKg: 81.7, note: alices.texts[2] });
    expect(only('bodyMeasurements')).toMatchObject({ waistCm: 84.5, neckCm: 38 });
    expect(only('exercises')).toMatchObject({
      name: alices.texts[5],
      category: 'other',
      primaryMuscles: '["traps"]',
      measure: 'distance',
      met: 4,
    });
    expect(only('routines')).toMatchObject({ name: alices.texts[6] });
    expect(only('savedMeals')).toMatchObject({ name: alices.texts[7] });
    expect(only('friendships')).toEqual(
      expect.objectContaining({
        direction: 'sent',
        status: 'accepted',
        username: bob.username,
        displayName: 'Bob the Builder',
      }),
    );
    const messages = parts.get('chatMessages') ?? [];
    expect(messages.map((row) => [row.room, row.withUsername, row.text])).toEqual(
      expect.arrayContaining([
        ['topic:run', null, alices.texts[3]],
        ['dm', bob.username, alices.texts[4]],
      ]),
    );
    expect(messages).toHaveLength(2);
  });

  it('holds nothing of anyone else, and no friend’s id, e-mail or messages', async () => {
    const text = JSON.stringify((await exportAll(alice)).pages);

    for (const id of carols.ids) expect(text).not.toContain(id);
    for (const line of carols.texts) expect(text).not.toContain(line);
    for (const secret of [carol.username, carol.email, dave.username, dave.email, carols.avatarUrl]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(bob.objectId);
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bobsText);
  });

  it('holds no session token, password hash, auth data or ACL', async () => {
    const text = JSON.stringify((await exportAll(alice)).pages);

    expect(text).not.toContain(alice.sessionToken);
    expect(text).not.toContain(alice.password);
    for (const field of [
      'sessionToken',
      'password',
      '_hashed_password',
      'authData',
      'ACL',
      '_rperm',
      '_wperm',
    ]) {
      expect(text).not.toContain(`"${field}"`);
    }
  });

  it('pages a part of more than 1 000 rows without losing or repeating one', async () => {
    const erin = await signUp();
    const rows = Array.from({ length: 1005 }, (_, index) => ({
      measuredAt: new Date(Date.now() - (index + 1) * 3_600_000).toISOString(),
      weightKg: 70 + (index % 10) / 10,
    }));
    const imported = await call('importWeightEntries', erin, { rows });
    expect(imported.body.result).toMatchObject({ imported: 1005 });

    const { pages, parts } = await exportAll(erin);
    const weighInPages = pages.filter((page) => page.part === 'weighIns');
    const ids = (parts.get('weighIns') ?? []).map((row) => row.id);

    expect(weighInPages.map((page) => page.rows.length)).toEqual([1000, 5]);
    expect(new Set(ids).size).toBe(1005);
  });

  it('holds the challenges the person was asked to, and how they answered, and no one else’s', async () => {
    const [hana, ivan, jo] = await Promise.all([signUp(), signUp(), signUp()]);
    await befriend(hana, ivan);
    await befriend(ivan, jo);
    const challenge = (params: Record<string, unknown>) => ({
      metric: 'workouts',
      startDate: new Date().toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10),
      timeZone: 'UTC',
      ...params,
    });
    await call(
      'createChallenge',
      hana,
      challenge({ title: `${hana.username} week`, friendIds: [ivan.objectId] }),
    );
    await call(
      'createChallenge',
      ivan,
      challenge({ title: `${ivan.username} week`, friendIds: [jo.objectId] }),
    );

    const { parts } = await exportAll(hana);

    expect(parts.get('challenges')).toEqual([
      expect.objectContaining({ title: `${hana.username} week`, metric: 'workouts', status: 'accepted' }),
    ]);
  });

  it('holds each imported route, paged 25 at a time, and no one else’s', async () => {
    const [frank, grace] = await Promise.all([signUp(), signUp()]);
    const workout = (index: number) => {
      const start = Date.now() - (index + 1) * 86_400_000;
      return {
        type: 'run',
        source: 'gpx',
        startedAt: new Date(start).toISOString(),
        durationMin: 10,
        track: [0, 1, 2].map((step) => ({
          t: start + step * 300_000,
          lat: 48 + step * 0.01,
          lon: 11 + index / 1000,
        })),
      };
    };
    const imported = await call('importWorkouts', frank, {
      workouts: Array.from({ length: 30 }, (_, index) => workout(index)),
    });
    expect(imported.body.result).toMatchObject({ imported: 30 });
    await call('importWorkouts', grace, { workouts: [workout(40)] });

    const { pages, parts } = await exportAll(frank);
    const tracks = parts.get('tracks') ?? [];
    const activities = new Set((parts.get('activities') ?? []).map((row) => row.id));

    expect(pages.filter((page) => page.part === 'tracks').map((page) => page.rows.length)).toEqual([25, 5]);
    expect(new Set(tracks.map((row) => row.id)).size).toBe(30);
    expect(tracks.every((row) => activities.has(row.activityId ?? null))).toBe(true);
    expect(tracks.every((row) => row.type === 'run')).toBe(true);
    const lons = tracks.map((row) => (JSON.parse(String(row.points)) as { lon: number }[])[0]?.lon);
    expect(lons).not.toContain(11.04);
    expect(lons).toContain(11.029);
  });

  it.each([
    ['part', { part: 'passwords' }],
    ['cursor', { part: 'meals', cursor: '../../etc' }],
    ['cursor', { cursor: 'abc123' }],
  ])('refuses a bad %s with error 142 naming it', async (field, params) => {
    const { body } = await call('exportMyData', alice, params);

    expect(body.code).toBe(142);
    expect(body.error).toContain(field);
  });

  it('refuses an anonymous caller with error 209', async () => {
    const { body } = await call('exportMyData', undefined, {});

    expect(body.code).toBe(209);
  });
});

describe('deleteMyAccount', () => {
  let bystander: Account;
  let bystanders: Seeded;

  beforeAll(async () => {
    const [person, friend] = await Promise.all([signUp(), signUp()]);
    bystander = person;
    bystanders = await seedEverything(person, friend);
  }, 60_000);

  async function seededPerson(): Promise<{ person: Account; seeded: Seeded; friend: Account }> {
    const [person, friend] = await Promise.all([signUp(), signUp()]);
    const seeded = await seedEverything(person, friend);
    await created('/parse/classes/ChatMessage', friend, {
      room: dmRoomKey(person.objectId, friend.objectId),
      text: `${friend.username} writes back`,
    });
    return { person, seeded, friend };
  }

  it('deletes nothing when the password is wrong, and says so', async () => {
    const { person, seeded } = await seededPerson();
    const before = await footprint(person.objectId);

    const { body } = await call('deleteMyAccount', person, { password: 'not-my-password' });

    expect(body.code).toBe(142);
    expect(body.error).toMatch(/password.*nothing was deleted/);
    expect(await footprint(person.objectId)).toEqual(before);
    expect(await fileStatus(seeded.avatarUrl)).toBe(200);
    await expect(logIn(person.username, person.password)).resolves.toMatchObject({
      objectId: person.objectId,
    });
  });

  it('refuses a missing password with error 142 and an anonymous caller with 209', async () => {
    const { person } = await seededPerson();

    expect((await call('deleteMyAccount', person, {})).body.code).toBe(142);
    expect((await call('deleteMyAccount', undefined, { password: person.password })).body.code).toBe(209);
  });

  it('removes every row, session and file of the person and nothing of anyone else', async () => {
    const { person, seeded, friend } = await seededPerson();
    await logIn(person.username, person.password);
    const bystanderBefore = await footprint(bystander.objectId);
    const friendMessages = await countWhere('ChatMessage', { author: userPointer(friend.objectId) });

    const { status, body } = await call('deleteMyAccount', person, { password: person.password });

    expect(status).toBe(200);
    expect(body.result).toEqual({ deleted: true });
    expect(await footprint(person.objectId)).toEqual(nothing);
    expect(await fileStatus(seeded.avatarUrl)).toBe(404);
    for (const id of seeded.ids) {
      for (const className of ['Settings', 'Activity', 'Meal', 'Food', 'WeightEntry', 'ChatMessage']) {
        expect(await countWhere(className, { objectId: id })).toBe(0);
      }
    }
    expect(await footprint(bystander.objectId)).toEqual(bystanderBefore);
    expect(await fileStatus(bystanders.avatarUrl)).toBe(200);
    expect(await countWhere('ChatMessage', { author: userPointer(friend.objectId) })).toBe(friendMessages);
    expect((await request('GET', '/parse/users/me', { sessionToken: person.sessionToken })).body.code).toBe(
      209,
    );
    await expect(logIn(person.username, person.password)).rejects.toThrow(
      /wrongCredentials|Wrong username or password/,
    );
  });

  it('leaves the challenges the person started to their members, without the person’s name', async () => {
    const { person, friend } = await seededPerson();
    // The person's days are Berlin's (their settings), whatever the hour in UTC.
    const today = localDay(new Date(), 'Europe/Berlin');
    const made = await call('createChallenge', person, {
      title: 'Goes on',
      metric: 'workouts',
      startDate: today,
      endDate: addDays(today, 7),
      friendIds: [friend.objectId],
    });
    expect(made.status).toBe(200);

    const deleted = await call('deleteMyAccount', person, { password: person.password });

    expect(deleted.body.result).toEqual({ deleted: true });
    const { body } = await call('listChallenges', friend);
    expect(body.result).toEqual([
      expect.objectContaining({ title: 'Goes on', creator: '', myStatus: 'invited' }),
    ]);
    expect(JSON.stringify(body)).not.toContain(person.username);
  });

  it('finishes the job when run again after stopping part-way', async () => {
    const { person, seeded } = await seededPerson();
    // What a run that stopped part-way leaves: some dependents, the sessions and the file gone.
    for (const [className, id] of [
      ['Meal', seeded.mealId],
      ['Food', seeded.foodId],
    ] as const) {
      expect((await request('DELETE', `/parse/classes/${className}/${id}`, { masterKey: true })).status).toBe(
        200,
      );
    }
    const fileName = seeded.avatarUrl.split('/').at(-1) ?? '';
    expect((await request('DELETE', `/parse/files/${fileName}`, { masterKey: true })).status).toBe(200);
    const sessions = await request(
      'GET',
      `/parse/classes/_Session?where=${where({ user: userPointer(person.objectId) })}`,
      { masterKey: true },
    );
    for (const session of sessions.body.results ?? []) {
      await request('DELETE', `/parse/classes/_Session/${session.objectId}`, { masterKey: true });
    }

    const again = await logIn(person.username, person.password);
    const { body } = await call('deleteMyAccount', again, { password: person.password });

    expect(body.result).toEqual({ deleted: true });
    expect(await footprint(person.objectId)).toEqual(nothing);
  });

  it('ends with everything gone when two runs overlap', async () => {
    const { person, seeded } = await seededPerson();
    const second = await logIn(person.username, person.password);

    const answers = await Promise.all([
      call('deleteMyAccount', person, { password: person.password }),
      call('deleteMyAccount', second, { password: person.password }),
    ]);

    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect(await footprint(person.objectId)).toEqual(nothing);
    expect(await fileStatus(seeded.avatarUrl)).toBe(404);
    // Afterwards the session is gone, so another run is refused as signed out.
    expect((await call('deleteMyAccount', person, { password: person.password })).body.code).toBe(209);
  });

  it('counts wrong passwords toward the lockout, which then refuses even the right one', async () => {
    const { person } = await seededPerson();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call('deleteMyAccount', person, { password: `wrong-${attempt}` })).body.code).toBe(142);
    }
    const before = await footprint(person.objectId);

    const { body } = await call('deleteMyAccount', person, { password: person.password });

    expect(body).toMatchObject({ code: 101, messageId: 'common.errors.accountLocked' });
    expect(await footprint(person.objectId)).toEqual(before);
  });
});
