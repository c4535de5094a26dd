import { requestAs, runAs, type TestAccount } from './api';

const DAY_MS = 86_400_000;

/** A few days of weigh-ins, a workout and a meal, so the pages have charts and rows to check. */
export async function withSomeHistory(account: TestAccount): Promise<void> {
  const rows = [4, 3, 2, 1].map((days, index) => ({
    measuredAt: new Date(Date.now() - days * DAY_MS).toISOString(),
    weightKg: 82 - index * 0.3,
  }));
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  await Promise.all([
    runAs(account, 'importWeightEntries', { rows }),
    requestAs(account, 'POST', 'classes/Activity', {
      type: 'run',
      startedAt: { __type: 'Date', iso: noon.toISOString() },
      durationMin: 40,
    }),
    requestAs(account, 'POST', 'classes/Meal', {
      eatenAt: { __type: 'Date', iso: noon.toISOString() },
      mealType: 'lunch',
      name: 'Lentil soup',
      caloriesKcal: 420,
      proteinG: 22,
      carbsG: 55,
      fatG: 9,
    }),
  ]);
}
