import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import webPush from 'web-push';
import type { CloudFunctionName, CloudParams } from '../../src/domain/cloudApi';
import { MEAL_TYPES } from '../../src/domain/contract';
import { EXPORT_PARTS } from '../../src/domain/dataExport';
import { RANKING_METRICS, RANKING_PERIODS } from '../../src/domain/friends';
import {
  MODERATION_ACTIONS,
  RECORDED_ACTIONS,
  REPORT_KINDS,
  REPORT_REASONS,
  ROLES,
} from '../../src/domain/moderation';
import { WEIGHT_RANGES } from '../../src/domain/weight';
import {
  checkProperty,
  describeRequest,
  expectNoFault,
  expectServerHealthy,
  FUZZ_TIMEOUT_MS,
  hostileString,
  hostileValue,
  sendJson,
  storedRowProblems,
} from '../../server/test/fuzz';
import { request, signUp, type Account } from '../../server/test/rest';
import { ROOT } from '../../server/test/serverProcess';

/** The fuzzed person, a friend, and a stranger whose ids and names the fuzz tries. */
interface Cast {
  me: Account;
  friend: Account;
  stranger: Account;
  /** A request the stranger sent me, still pending. */
  friendshipId: string;
  /** A saved meal of mine, and one of the stranger's. */
  mySavedMealId: string;
  strangersSavedMealId: string;
  /** A recipe of mine, and one of my friend's. */
  myRecipeId: string;
  friendRecipeId: string;
  /** A workout my friend shares with friends, and a comment of mine on it. */
  friendWorkoutId: string;
  myCommentId: string;
}

/** A real P-256 point, as a browser's subscription would give. */
const PUSH_KEY = Buffer.from(webPush.generateVAPIDKeys().publicKey, 'base64url').toString('base64url');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const DAYS = [
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-1-1',
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13',
];
const ZONES = [
  'Europe/Berlin',
  'UTC',
  'Etc/GMT+12',
  'Pacific/Kiritimati',
  'Not/AZone',
  'europe/berlin',
  '+05:00',
];

const near = (...values: unknown[]) => fc.constantFrom(...values);
const date = () => fc.oneof(near(day(0), day(-400), day(2), ...DAYS), hostileValue);
const timeZone = () => fc.oneof(near(...ZONES), hostileValue);
const oneOf = (values: readonly unknown[]) => fc.oneof(near(...values), hostileValue);
const userIds = (cast: Cast) =>
  oneOf([cast.friend.objectId, cast.stranger.objectId, cast.me.objectId, 'xxxxxxxxxx', '']);
const usernames = (cast: Cast) =>
  fc.oneof(
    near(cast.friend.username, cast.stranger.username, cast.me.username, cast.me.username.toUpperCase()),
    hostileString,
    hostileValue,
  );

const workoutIds = (cast: Cast) =>
  fc.oneof(oneOf([cast.friendWorkoutId, cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue);
const commentIds = (cast: Cast) =>
  fc.oneof(oneOf([cast.myCommentId, cast.friendWorkoutId, 'xxxxxxxxxx']), hostileString, hostileValue);
const commentTexts = fc.oneof(
  near('Well done', 'x'.repeat(500), 'x'.repeat(501), ' ', 'a\u0000b'),
  hostileString,
  hostileValue,
);

const weighIn = fc.record(
  {
    measuredAt: fc.oneof(
      near(
        new Date().toISOString(),
        '2020-01-01T00:00:00Z',
        '-271821-04-20T00:00:00Z',
        '+275760-09-13T00:00:00Z',
        '0001-01-01T00:00:00Z',
        '-004714-11-23T00:00:00Z',
        'garbage',
      ),
      hostileValue,
    ),
    weightKg: fc.oneof(near(20, 80.5, 500, 19.99, 500.01), hostileValue),
    bodyFatPct: fc.oneof(near(2, 75, 80), hostileValue),
    note: fc.oneof(hostileString, hostileValue),
  },
  { requiredKeys: [] },
);

const bodyMeasurement = fc.record(
  {
    measuredAt: fc.oneof(
      near(new Date().toISOString(), '2020-01-01T00:00:00Z', '-004714-11-23T00:00:00Z', 'garbage'),
      hostileValue,
    ),
    waistCm: fc.oneof(near(30, 84.5, 300, 29.99, 300.01), hostileValue),
    hipsCm: fc.oneof(near(98, 301), hostileValue),
    neckCm: fc.oneof(near(15, 38, 101), hostileValue),
    upperArmCm: fc.oneof(near(10, 9), hostileValue),
    thighCm: fc.oneof(near(55, 151), hostileValue),
    chestCm: fc.oneof(near(100), hostileValue),
    bodyFatPct: fc.oneof(near(2, 75, 80), hostileValue),
    user: fc.oneof(hostileString, hostileValue),
  },
  { requiredKeys: [] },
);

/**
 * Each cloud function of the contract and each of its parameters, near what it accepts or anything
 * at all: a function or parameter added to src/domain/cloudApi.ts and missing here fails to compile.
 */
const FUNCTIONS: {
  [Name in CloudFunctionName]: (cast: Cast) => {
    [Param in keyof CloudParams<Name>]-?: fc.Arbitrary<unknown>;
  };
} = {
  activitySummary: () => ({
    month: oneOf([day(0).slice(0, 7), '2024-13', '2024-00']),
    date: date(),
    timeZone: timeZone(),
  }),
  weightSummary: () => ({
    range: oneOf(WEIGHT_RANGES),
    page: oneOf([0, 1, 100_000, 100_001, -1, 0.5]),
    timeZone: timeZone(),
  }),
  importWeightEntries: () => ({
    rows: fc.oneof(
      fc.array(weighIn, { maxLength: 5 }),
      fc.constant(
        Array.from({ length: 3001 }, () => ({ measuredAt: new Date().toISOString(), weightKg: 80 })),
      ),
      hostileValue,
    ),
    dryRun: fc.oneof(fc.boolean(), hostileValue),
  }),
  importBodyMeasurements: () => ({
    rows: fc.oneof(
      fc.array(bodyMeasurement, { maxLength: 5 }),
      fc.constant(
        Array.from({ length: 2001 }, () => ({ measuredAt: new Date().toISOString(), waistCm: 80 })),
      ),
      hostileValue,
    ),
    dryRun: fc.oneof(fc.boolean(), hostileValue),
  }),
  dashboardSummary: () => ({ date: date(), timeZone: timeZone() }),
  energyExpenditure: () => ({ timeZone: timeZone() }),
  adaptCalorieGoal: () => ({ on: fc.oneof(fc.boolean(), hostileValue), timeZone: timeZone() }),
  searchUsers: (cast) => ({ query: usernames(cast) }),
  listFriendships: () => ({}),
  sendFriendRequest: (cast) => ({ username: usernames(cast) }),
  respondFriendRequest: (cast) => ({
    friendshipId: oneOf([cast.friendshipId, 'xxxxxxxxxx']),
    accept: fc.oneof(fc.boolean(), hostileValue),
  }),
  removeFriend: (cast) => ({ userId: userIds(cast) }),
  blockUser: (cast) => ({ userId: userIds(cast) }),
  friendsRanking: () => ({ metric: oneOf(RANKING_METRICS), period: oneOf(RANKING_PERIODS) }),
  activityFeed: () => ({
    before: oneOf([new Date().toISOString(), '2020-01-01', '+275760-09-13T00:00:00Z', 'garbage']),
    limit: oneOf([1, 20, 50, 51, 0, -1, 2.5]),
  }),
  giveKudos: (cast) => ({ activityId: workoutIds(cast) }),
  removeKudos: (cast) => ({ activityId: workoutIds(cast) }),
  addComment: (cast) => ({ activityId: workoutIds(cast), text: commentTexts }),
  editComment: (cast) => ({ commentId: commentIds(cast), text: commentTexts }),
  deleteComment: (cast) => ({ commentId: commentIds(cast) }),
  workoutSocial: (cast) => ({ activityId: workoutIds(cast) }),
  searchFoods: () => ({
    query: fc.oneof(
      near('greek yog', 'oats', 'a', 'crème', '3017620422003', '722252387998'),
      hostileString,
      hostileValue,
    ),
    limit: oneOf([1, 25, 26, 0]),
    language: oneOf(['en', 'de', 'fr', 'es', 'it', 'EN']),
    recipes: fc.oneof(fc.boolean(), hostileValue),
  }),
  listRecipes: () => ({ language: oneOf(['en', 'de', 'it']) }),
  logRecipe: (cast) => ({
    recipeId: fc.oneof(oneOf([cast.myRecipeId, cast.friendRecipeId, 'xxxxxxxxxx', '']), hostileString),
    servings: oneOf([1, 1.5, 0, -1, 100, 100.5, 1e9]),
    mealType: oneOf(MEAL_TYPES),
    eatenAt: oneOf([
      new Date().toISOString(),
      { __type: 'Date', iso: new Date().toISOString() },
      '2999-01-01T00:00:00Z',
      '1800-01-01T00:00:00Z',
      'yesterday',
    ]),
    clientKey: fc.oneof(fc.uuid({ version: 4 }), hostileString, hostileValue),
  }),
  foodByBarcode: () => ({
    code: fc.oneof(
      near('3017620422003', '722252387998', '96385074', '1234567', '12345678901234567'),
      hostileString,
      hostileValue,
    ),
    language: oneOf(['en', 'de', 'fr', 'es', 'it']),
  }),
  searchExercises: () => ({
    query: fc.oneof(near('bench pr', 'squat', 'a'), hostileString, hostileValue),
    muscle: fc.oneof(oneOf(['chest', 'glutes', 'wings']), hostileValue),
    equipment: fc.oneof(oneOf(['barbell', 'none', 'x'.repeat(41)]), hostileString, hostileValue),
    limit: oneOf([1, 25, 26, 0]),
    language: oneOf(['en', 'de', 'fr', 'es', 'xx']),
  }),
  workoutRecords: (cast) => ({
    activityId: fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue),
  }),
  recentExercises: (cast) => ({
    exerciseIds: fc.oneof(
      fc.array(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), { maxLength: 31 }),
      hostileValue,
    ),
    before: fc.oneof(oneOf(['2026-01-05T18:00:00Z', 'yesterday', '']), hostileValue),
  }),
  exerciseProgress: (cast) => ({
    exerciseId: fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue),
    range: fc.oneof(oneOf(['1m', 'all', '2y']), hostileValue),
  }),
  nutritionDay: () => ({ date: date(), days: oneOf([7, 30, 8, '7']), timeZone: timeZone() }),
  logSavedMeal: (cast) => ({
    savedMealId: oneOf([cast.mySavedMealId, cast.strangersSavedMealId, 'xxxxxxxxxx', '']),
    mealType: oneOf(MEAL_TYPES),
    date: fc.oneof(
      date(),
      near(new Date().toISOString(), '2020-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', 'T'),
      near({ __type: 'Date', iso: new Date().toISOString() }, { __type: 'Date', iso: 'garbage' }),
    ),
    timeZone: timeZone(),
    clientKey: fc.oneof(fc.uuid({ version: 4 }), hostileString, hostileValue),
  }),
  copyMeals: () => ({ fromDate: date(), toDate: date(), mealType: oneOf(MEAL_TYPES), timeZone: timeZone() }),
  exportMyData: (cast) => ({ part: oneOf(EXPORT_PARTS), cursor: oneOf([cast.me.objectId, 'zzzzzzzzzz']) }),
  // The shared test server is open: invitations are refused there, whatever the parameters.
  signupPolicy: () => ({}),
  createInvitation: () => ({}),
  listInvitations: () => ({}),
  revokeInvitation: (cast) => ({
    invitationId: fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue),
  }),
  heartRateZones: () => ({}),
  trainingLoad: () => ({
    from: fc.oneof(date(), oneOf([day(-731), day(-3000), '2024-02-30']), hostileValue),
    to: fc.oneof(date(), oneOf([day(1), day(400), '9999-12-31']), hostileValue),
    timeZone: timeZone(),
  }),
  racePredictions: () => ({ timeZone: timeZone() }),
  workoutDetail: (cast) => ({
    activityId: fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue),
  }),
  sharedWorkout: (cast) => ({
    activityId: fc.oneof(
      oneOf([cast.me.objectId, cast.friend.objectId, 'xxxxxxxxxx', '']),
      hostileString,
      hostileValue,
    ),
  }),
  sharedWorkoutGpx: (cast) => ({
    activityId: fc.oneof(
      oneOf([cast.me.objectId, cast.friend.objectId, 'xxxxxxxxxx', '']),
      hostileString,
      hostileValue,
    ),
  }),
  setWorkoutsVisibility: () => ({
    visibility: fc.oneof(oneOf(['private', 'friends', 'public', 'Friends', '']), hostileValue),
  }),
  importWorkouts: () => ({
    workouts: fc.oneof(
      fc.array(
        fc.record({
          type: fc.oneof(oneOf(['run', 'ride', '']), hostileValue),
          startedAt: fc.oneof(oneOf(['2026-01-05T18:00:00Z', 'yesterday']), hostileValue),
          durationMin: fc.oneof(fc.integer({ min: -5, max: 2000 }), hostileValue),
          source: fc.oneof(oneOf(['gpx', 'fit', 'paper']), hostileValue),
          track: fc.oneof(fc.constant([{ t: 0, lat: 91, lon: 0 }]), hostileValue),
        }),
        { maxLength: 3 },
      ),
      hostileValue,
    ),
    dryRun: fc.oneof(fc.boolean(), hostileValue),
  }),
  listNotifications: () => ({}),
  savePushSubscription: () => ({
    endpoint: fc.oneof(
      oneOf([`${inject('pushServiceOrigin')}/push/fuzz`, 'https://evil.example/push', 'http://[::1]/']),
      hostileString,
      hostileValue,
    ),
    p256dh: fc.oneof(oneOf([PUSH_KEY, PUSH_KEY.slice(1), '']), hostileValue),
    auth: fc.oneof(oneOf(['AAAAAAAAAAAAAAAAAAAAAA', 'AAAA']), hostileValue),
  }),
  removePushSubscription: () => ({
    endpoint: fc.oneof(oneOf([`${inject('pushServiceOrigin')}/push/fuzz`, '']), hostileString, hostileValue),
  }),
  sendTestPush: () => ({}),
  // Only the master key may send them: every fuzzed call is refused.
  sendReminders: () => ({ now: fc.oneof(oneOf(['2026-11-30T09:00:00Z', 'evening']), hostileValue) }),
  sendWeeklySummaries: () => ({ now: fc.oneof(oneOf(['2026-11-30T09:00:00Z', 'monday']), hostileValue) }),
  createChallenge: (cast) => ({
    title: fc.oneof(oneOf(['May miles', '', ' ']), hostileString, hostileValue),
    metric: fc.oneof(oneOf(['activeMinutes', 'distanceKm', 'weightKg']), hostileValue),
    startDate: fc.oneof(oneOf([day(0), day(1), day(-1), '2026-02-30']), hostileValue),
    endDate: fc.oneof(oneOf([day(7), day(60), day(0)]), hostileValue),
    friendIds: fc.oneof(fc.array(userIds(cast), { maxLength: 3 }), hostileValue),
    timeZone: fc.oneof(timeZone(), hostileValue),
  }),
  respondChallenge: (cast) => ({
    challengeId: fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue),
    accept: fc.oneof(fc.boolean(), hostileValue),
  }),
  leaveChallenge: (cast) => ({
    challengeId: fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue),
  }),
  listChallenges: () => ({}),
  challengeLeaderboard: (cast) => ({
    challengeId: fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx', '']), hostileString, hostileValue),
  }),
  markNotificationsRead: (cast) => ({
    ids: fc.oneof(
      fc.constant(undefined),
      fc.array(fc.oneof(oneOf([cast.me.objectId, 'xxxxxxxxxx']), hostileString), { maxLength: 3 }),
      hostileValue,
    ),
  }),
  twoFactorStatus: () => ({}),
  startTwoFactor: () => ({}),
  // No enrolment was started and the password is never the right one: nothing can turn it on.
  confirmTwoFactor: () => ({
    code: fc.oneof(oneOf(['123456', '', '12345a']), hostileString, hostileValue),
    password: fc.oneof(hostileString, hostileValue),
  }),
  // Two-factor sign-in is off for the fuzzed person, so nothing can turn it off.
  disableTwoFactor: () => ({
    password: fc.oneof(hostileString, hostileValue),
    code: fc.oneof(oneOf(['123456', 'aaaaaaaaaa']), hostileString, hostileValue),
  }),
  accountStanding: () => ({}),
  muteUser: (cast) => ({ userId: userIds(cast) }),
  unmuteUser: (cast) => ({ userId: userIds(cast) }),
  mutedUsers: () => ({}),
  reportContent: (cast) => ({
    kind: oneOf(REPORT_KINDS),
    id: fc.oneof(userIds(cast), hostileString),
    reason: oneOf([...REPORT_REASONS, 'boring']),
    note: fc.oneof(oneOf(['', 'x'.repeat(1001)]), hostileString, hostileValue),
  }),
  // The fuzzed person moderates nothing: each of these is refused, whatever the parameters.
  moderationQueue: () => ({
    status: oneOf(['open', 'resolved', 'closed']),
    page: fc.oneof(oneOf([new Date().toISOString(), 'yesterday']), hostileValue),
  }),
  moderate: (cast) => ({
    action: oneOf(MODERATION_ACTIONS),
    kind: oneOf(REPORT_KINDS),
    id: userIds(cast),
    reason: fc.oneof(hostileString, hostileValue),
    until: fc.oneof(oneOf([new Date(Date.now() + 3_600_000).toISOString(), '9999-12-31']), hostileValue),
    reportId: fc.oneof(oneOf(['xxxxxxxxxx', '']), hostileValue),
  }),
  appealAction: () => ({
    actionId: fc.oneof(oneOf(['xxxxxxxxxx', '']), hostileString, hostileValue),
    text: fc.oneof(oneOf(['', 'x'.repeat(1001)]), hostileString, hostileValue),
  }),
  decideAppeal: () => ({
    appealId: fc.oneof(oneOf(['xxxxxxxxxx', '']), hostileString, hostileValue),
    accept: fc.oneof(fc.boolean(), hostileValue),
    reason: fc.oneof(hostileString, hostileValue),
  }),
  setSlowMode: () => ({
    room: fc.oneof(oneOf(['topic:run', 'topic:', 'friends:a:b']), hostileString, hostileValue),
    seconds: oneOf([0, 30, 600, 601, -1, 1.5]),
  }),
  slowMode: () => ({
    room: fc.oneof(oneOf(['topic:run', 'topic:', 'friends:a:b']), hostileString, hostileValue),
  }),
  moderationRecord: (cast) => ({
    moderatorId: userIds(cast),
    targetUserId: userIds(cast),
    moderatorName: fc.oneof(hostileString, hostileValue),
    targetName: fc.oneof(hostileString, hostileValue),
    action: oneOf(RECORDED_ACTIONS),
    before: fc.oneof(oneOf([new Date().toISOString(), 'yesterday']), hostileValue),
  }),
  adminUsers: () => ({
    query: fc.oneof(hostileString, hostileValue),
    page: fc.oneof(oneOf([new Date().toISOString(), 'yesterday']), hostileValue),
  }),
  setRole: (cast) => ({ userId: userIds(cast), role: oneOf([...ROLES, 'root']) }),
  sendPasswordReset: (cast) => ({ userId: userIds(cast), reason: fc.oneof(hostileString, hostileValue) }),
  deleteAccount: (cast) => ({ userId: userIds(cast), reason: fc.oneof(hostileString, hostileValue) }),
  // Admins only: the fuzzed person is refused each, whatever the parameters.
  signupSettings: () => ({}),
  setSignupMode: () => ({ mode: fc.oneof(oneOf(['open', 'invite', 'closed', 'OPEN']), hostileValue) }),
  serverStatus: () => ({}),
  // Never the right password: the account must outlive the property.
  deleteMyAccount: () => ({ password: fc.oneof(hostileString, hostileValue) }),
};

/** The functions a visitor without a session may call: what the sign-up page needs to know. */
const PUBLIC_FUNCTIONS = new Set(['signupPolicy']);

/** Every name the cloud code defines a function by. */
async function definedFunctions(): Promise<string[]> {
  const folder = path.join(ROOT, 'cloud', 'functions');
  const files = (await readdir(folder)).filter((file) => file.endsWith('.ts') && !file.includes('.test.'));
  const sources = await Promise.all([
    ...files.map((file) => readFile(path.join(folder, file), 'utf8')),
    readFile(path.join(ROOT, 'cloud', 'main.ts'), 'utf8'),
  ]);
  return sources.flatMap((source) =>
    [...source.matchAll(/(?:defineFunction|Parse\.Cloud\.define)\('(\w+)'/g)].map((match) => match[1] ?? ''),
  );
}

async function castOfThree(): Promise<Cast> {
  const [me, friend, stranger] = [await signUp(), await signUp(), await signUp()];
  const call = (from: Account, name: string, params: Record<string, unknown>) =>
    request('POST', `/parse/functions/${name}`, { sessionToken: from.sessionToken, body: params });
  await call(me, 'sendFriendRequest', { username: friend.username });
  await call(friend, 'sendFriendRequest', { username: me.username });
  const pending = await call(stranger, 'sendFriendRequest', { username: me.username });
  const friendshipId = String((pending.body.result as { friendshipId?: unknown } | undefined)?.friendshipId);
  for (const offset of [0, -1]) {
    await request('POST', '/parse/classes/Meal', {
      sessionToken: me.sessionToken,
      body: {
        eatenAt: { __type: 'Date', iso: `${day(offset)}T12:00:00.000Z` },
        mealType: 'lunch',
        name: 'Soup',
        caloriesKcal: 300,
      },
    });
  }
  const savedMeal = async (owner: Account) => {
    const { body } = await request('POST', '/parse/classes/SavedMeal', {
      sessionToken: owner.sessionToken,
      body: { name: 'Toast', items: [{ name: 'Toast', caloriesKcal: 180 }] },
    });
    return String(body.objectId);
  };
  const [mySavedMealId, strangersSavedMealId] = [await savedMeal(me), await savedMeal(stranger)];
  const recipeOf = async (owner: Account) => {
    const food = await request('POST', '/parse/classes/Food', {
      sessionToken: owner.sessionToken,
      body: { name: 'Oats', kcalPer100g: 380, proteinPer100g: 13, carbsPer100g: 68, fatPer100g: 7 },
    });
    const recipe = await request('POST', '/parse/classes/Recipe', {
      sessionToken: owner.sessionToken,
      body: { name: 'Porridge', servings: 2, ingredients: [{ foodId: food.body.objectId, grams: 80 }] },
    });
    return String(recipe.body.objectId);
  };
  const [myRecipeId, friendRecipeId] = [await recipeOf(me), await recipeOf(friend)];
  const workout = await request('POST', '/parse/classes/Activity', {
    sessionToken: friend.sessionToken,
    body: {
      type: 'run',
      startedAt: { __type: 'Date', iso: new Date(Date.now() - 3_600_000).toISOString() },
      durationMin: 30,
      visibility: 'friends',
    },
  });
  const friendWorkoutId = String(workout.body.objectId);
  const comment = await call(me, 'addComment', { activityId: friendWorkoutId, text: 'Well done' });
  const myCommentId = String((comment.body.result as { commentId?: unknown } | undefined)?.commentId);
  return {
    friendWorkoutId,
    myCommentId,
    me,
    friend,
    stranger,
    friendshipId,
    mySavedMealId,
    strangersSavedMealId,
    myRecipeId,
    friendRecipeId,
  };
}

/** Parameters with some of the function's own, unknown ones and hostile keys; sometimes not an object at all. */
function hostileParams(params: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const names = Object.keys(params);
  const own = names.length === 0 ? fc.constant({}) : fc.record(params, { requiredKeys: [] });
  return fc.oneof(
    { arbitrary: own, weight: 4 },
    {
      arbitrary: fc
        .tuple(
          own,
          fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', ''), hostileValue, {
            maxKeys: 2,
          }),
        )
        .map(([known, extra]) => ({ ...extra, ...known })),
      weight: 2,
    },
    { arbitrary: hostileValue, weight: 1 },
  );
}

describe('cloud functions under hostile parameters', () => {
  it('fuzzes every function the cloud code defines', async () => {
    expect((await definedFunctions()).sort()).toEqual(Object.keys(FUNCTIONS).sort());
  });

  it.each(Object.keys(FUNCTIONS) as CloudFunctionName[])(
    'answers %s with a result or a documented refusal, and stores nothing outside the contract',
    async (name) => {
      const cast = await castOfThree();
      const params: Record<string, fc.Arbitrary<unknown>> = FUNCTIONS[name](cast);
      await checkProperty(
        fc.asyncProperty(hostileParams(params), fc.boolean(), async (body, signedIn) => {
          const path = `/parse/functions/${name}`;
          const response = await sendJson('POST', path, signedIn ? cast.me : undefined, body);
          expectNoFault(response, describeRequest('POST', path, body));
          if (!signedIn && !PUBLIC_FUNCTIONS.has(name)) {
            expect(response.status, response.text).toBeGreaterThanOrEqual(400);
          }
        }),
      );
      await expectServerHealthy();
      expect(
        await storedRowProblems([cast.me.objectId, cast.friend.objectId, cast.stranger.objectId]),
      ).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});
