import { describe, expect, it } from 'vitest';
import { addDays, localDay } from '../../src/domain/calendarDays';
import { dmRoomKey } from '../../src/domain/chatRooms';
import type { DashboardSummary } from '../../src/domain/dashboard';
import type { Friendships, Ranking } from '../../src/domain/friends';
import type { NutritionDay } from '../../src/domain/nutrition';
import type { WeightSummary } from '../../src/domain/weight';
import { seedDemo, type DemoResult } from './demo';
import { injectedTarget, logIn, request, uniqueName, type Account } from '../test/rest';

const timeZone = 'Europe/Berlin';
/** A seed takes 3–7 s on two busy cores; the second test seeds twice and deletes once. */
const SEED_TIMEOUT_MS = 90_000;

async function call<T>(account: Account, name: string, params: Record<string, unknown> = {}): Promise<T> {
  const { status, body, text } = await request('POST', `/parse/functions/${name}`, {
    sessionToken: account.sessionToken,
    body: params,
  });
  if (status !== 200) throw new Error(`${name} failed (${status}): ${text}`);
  return body.result as T;
}

async function count(account: Account, className: string): Promise<number | undefined> {
  const { body } = await request('GET', `/parse/classes/${className}?count=1&limit=0`, {
    sessionToken: account.sessionToken,
  });
  return body.count;
}

async function texts(account: Account, room: string, authors: readonly string[]): Promise<string[]> {
  const where = encodeURIComponent(JSON.stringify({ room }));
  const { body } = await request('GET', `/parse/classes/ChatMessage?where=${where}&order=createdAt`, {
    sessionToken: account.sessionToken,
  });
  // Other tests write in the same topic rooms: only the demo people's messages are this test's.
  return (body.results ?? [])
    .filter((row) => authors.includes((row.author as { objectId?: string } | undefined)?.objectId ?? ''))
    .map((row) => String(row.text));
}

const logInAll = async (result: DemoResult) => {
  const { me, sam, priya } = result.people;
  return Promise.all([me, sam, priya].map((person) => logIn(person.username, result.password)));
};

describe('seedDemo', () => {
  it(
    'seeds the demo person, two accepted friends and chat, and every page of the demo person reads it back',
    async () => {
      const result = await seedDemo({
        baseUrl: injectedTarget().baseUrl,
        username: uniqueName('demo'),
        timeZone,
      });
      const [me, sam, priya] = await logInAll(result);
      if (!me || !sam || !priya) throw new Error('The demo people could not log in.');
      const seeded = result.people.me;

      expect(await count(me, 'Activity')).toBe(seeded.workouts);
      expect(await count(me, 'Meal')).toBe(seeded.meals);
      expect(await count(me, 'WeightEntry')).toBe(seeded.weighIns);
      expect(seeded.workouts).toBeGreaterThan(30);
      expect(seeded.meals).toBeGreaterThan(500);
      expect(await count(sam, 'Activity')).toBe(result.people.sam.workouts);

      const dashboard = await call<DashboardSummary>(me, 'dashboardSummary');
      expect(dashboard.timeZone).toBe(timeZone);
      expect(dashboard.counts.meals).toBe(seeded.meals);
      expect(dashboard.counts.workouts).toBe(seeded.workouts);
      expect(dashboard.calorieGoal).toBe(2100);
      expect(dashboard.weight.goalWeightKg).toBe(78);
      expect(dashboard.weight.trendKg).toBeGreaterThan(78);
      expect(dashboard.weight.weeklyRateKg).toBeLessThan(0);

      const weight = await call<WeightSummary>(me, 'weightSummary', { range: '3m' });
      expect(weight.points).toHaveLength(seeded.weighIns);
      expect(weight.heightCm).toBe(178);
      expect(weight.forecast).not.toBeNull();

      const yesterday = addDays(localDay(new Date(), timeZone), -1);
      const nutrition = await call<NutritionDay>(me, 'nutritionDay', { date: yesterday, days: 30 });
      const eaten = nutrition.history.filter((day) => day.caloriesKcal > 0).map((day) => day.caloriesKcal);
      expect(eaten.length).toBeGreaterThan(20);
      expect(Math.min(...eaten)).toBeGreaterThan(1200);
      expect(Math.max(...eaten)).toBeLessThan(3600);
      expect(nutrition.frequentFoods.length).toBeGreaterThan(0);

      const friendships = await call<Friendships>(me, 'listFriendships');
      expect(friendships.friends.map((friend) => friend.displayName)).toEqual(['Priya Shah', 'Sam Rivera']);
      expect([...friendships.incoming, ...friendships.outgoing]).toEqual([]);

      const activity = await call<Ranking>(me, 'friendsRanking', {
        metric: 'activeMinutes',
        period: 'month',
      });
      expect(activity.rows.map((row) => row.userId).sort()).toEqual(
        [me, sam, priya].map((a) => a.objectId).sort(),
      );
      // Priya keeps her weight to herself; Sam and the demo person share their progress.
      const progress = await call<Ranking>(me, 'friendsRanking', {
        metric: 'weightProgressPct',
        period: 'month',
      });
      expect(progress.rows.map((row) => row.userId)).not.toContain(priya.objectId);
      expect(progress.notSharing.map((person) => person.userId)).toContain(priya.objectId);

      const authors = [me, sam, priya].map((account) => account.objectId);
      expect(await texts(me, 'topic:run', authors)).toHaveLength(3);
      expect(await texts(me, dmRoomKey(me.objectId, sam.objectId), authors)).toEqual([
        'Nice progress on the ranking this week!',
        'Thanks! The morning runs are finally sticking.',
        'See you Saturday at 8 by the bridge.',
      ]);
    },
    SEED_TIMEOUT_MS,
  );

  it(
    'refuses to seed over an existing demo account, and with reset replaces the three accounts',
    async () => {
      const options = { baseUrl: injectedTarget().baseUrl, username: uniqueName('demo'), timeZone };
      const first = await seedDemo(options);
      const [before] = await logInAll(first);

      await expect(seedDemo(options)).rejects.toThrow(
        `The demo account ${options.username} already exists: run npm run demo -- --reset to delete it and seed it again.`,
      );
      const second = await seedDemo({ ...options, reset: true });
      expect(second.people.me.username).toBe(options.username);
      const [me, sam] = await logInAll(second);
      if (!before || !me || !sam) throw new Error('The demo people could not log in.');
      expect(me.objectId).not.toBe(before.objectId);
      expect(await count(me, 'Meal')).toBe(second.people.me.meals);
      const friendships = await call<Friendships>(me, 'listFriendships');
      expect(friendships.friends.map((friend) => friend.userId)).toContain(sam.objectId);
    },
    SEED_TIMEOUT_MS,
  );
});
