import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@/domain/dashboard';
import { DailySummary } from './DailySummary';

const NEWCOMER: DashboardSummary = {
  date: '2026-03-12',
  today: '2026-03-12',
  timeZone: 'UTC',
  weekStartsOn: 1,
  caloriesEatenKcal: 0,
  caloriesBurnedKcal: 0,
  workoutsOnDay: 0,
  calorieGoal: null,
  calorieBalance: null,
  week: { start: '2026-03-09', activeMinutes: 0, sessions: 0, goalMinutes: 150, metGoal: false },
  weight: {
    weightUnit: 'kg',
    trendKg: null,
    weeklyChangeKg: null,
    weeklyRateKg: null,
    goalWeightKg: null,
    forecast: null,
    lastWeighIn: null,
  },
  streak: { currentDays: 0, longestDays: 0 },
  counts: { meals: 0, workouts: 0, weighInDays: 0 },
  burn: null,
  bodyDataMissing: true,
};

const REGULAR: DashboardSummary = {
  ...NEWCOMER,
  weekStartsOn: 0,
  caloriesEatenKcal: 1450,
  caloriesBurnedKcal: 450,
  workoutsOnDay: 2,
  calorieGoal: 2000,
  calorieBalance: {
    eatenKcal: 1450,
    goalKcal: 2000,
    source: 'own',
    exerciseKcal: 0,
    countsExercise: false,
    remainingKcal: 550,
    overKcal: 0,
    share: 0.725,
  },
  week: { start: '2026-03-08', activeMinutes: 150, sessions: 5, goalMinutes: 200, metGoal: false },
  weight: {
    weightUnit: 'lb',
    trendKg: 83.138,
    weeklyChangeKg: -0.5,
    weeklyRateKg: -0.6,
    goalWeightKg: 75,
    forecast: { kind: 'date', date: '2026-05-26', weeks: 10.4 },
    lastWeighIn: '2026-03-12',
  },
  streak: { currentDays: 3, longestDays: 12 },
  counts: { meals: 6, workouts: 6, weighInDays: 3 },
  burn: { kcalPerDay: 2390, confidence: 'medium', followedByGoal: true },
};

function renderSummary(summary: DashboardSummary) {
  const router = createMemoryRouter([{ path: '/', Component: () => <DailySummary summary={summary} /> }], {
    initialEntries: ['/'],
  });
  render(<RouterProvider router={router} />);
}

function card(name: string | RegExp): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('DailySummary', () => {
  it('invites a new person to log something on every card, each with a link to its module', async () => {
    renderSummary(NEWCOMER);

    expect(await screen.findByText(/^Welcome!/)).toBeInTheDocument();
    expect(within(card('Calories today')).getByRole('link', { name: 'Log your first meal' })).toHaveAttribute(
      'href',
      '/nutrition-log',
    );
    expect(within(card('Active minutes this week')).getByText(/No workouts yet/)).toHaveTextContent(
      '150 a week',
    );
    expect(
      within(card('Active minutes this week')).getByRole('link', { name: 'Open the activity calendar' }),
    ).toHaveAttribute('href', '/');
    expect(within(card('Weight')).getByRole('link', { name: 'Log your first weigh-in' })).toHaveAttribute(
      'href',
      '/weight-tracking',
    );
    expect(within(card('Streak')).getByText(/Log a workout today to start a streak/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the day’s calories, the week’s minutes, the weight in the person’s unit and the streak', async () => {
    renderSummary(REGULAR);

    const calories = await screen.findByRole('region', { name: 'Calories today' });
    // One equation: goal − food = remaining (workouts are not counted by this person).
    const equation = within(calories).getByLabelText('Today’s calories: goal minus food plus exercise');
    expect(equation).toHaveTextContent('Goal2,000−Food1,450=Remaining550');
    expect(
      within(calories).getByRole('progressbar', { name: '1,450 kcal eaten of 2,000 kcal' }),
    ).toBeVisible();
    expect(within(calories).getByText('550 kcal remaining.')).toBeInTheDocument();
    expect(within(calories).getByText(/^You burn about/)).toHaveTextContent(
      'You burn about 2,390 kcal a day, measured from your last four weeks (medium confidence). Your calorie goal follows it.',
    );
    expect(within(calories).getByRole('link', { name: 'Open the nutrition log' })).toHaveAttribute(
      'href',
      '/nutrition-log',
    );

    const week = card('Active minutes this week');
    expect(within(week).getByRole('progressbar', { name: '150 of 200 active minutes' })).toBeVisible();
    expect(within(week).getByText('50 min to go.')).toBeInTheDocument();
    expect(within(week).getByText('5 workouts this week.')).toBeInTheDocument();

    const weight = card('Weight');
    expect(within(weight).getByText('183.3 lb')).toBeInTheDocument();
    expect(within(weight).getByText('−1.1 lb')).toBeInTheDocument();
    expect(
      within(weight).getByText('At this rate you reach 165.3 lb around 26 May 2026.'),
    ).toBeInTheDocument();
    expect(within(weight).getByRole('link', { name: 'Open weight tracking' })).toHaveAttribute(
      'href',
      '/weight-tracking',
    );

    const streak = card('Streak');
    expect(within(streak).getByText('3 days')).toBeInTheDocument();
    expect(streak).toHaveTextContent('3 days in a row with a workout');
    expect(within(streak).getByText('Longest: 12 days.')).toBeInTheDocument();
    expect(screen.queryByText(/^Welcome!/)).not.toBeInTheDocument();
  });

  it('names another day in the headings and links the nutrition log to that day', async () => {
    renderSummary({
      ...REGULAR,
      date: '2026-03-01',
      caloriesEatenKcal: 2300,
      calorieBalance: {
        eatenKcal: 2300,
        goalKcal: 2000,
        source: 'own',
        exerciseKcal: 0,
        countsExercise: false,
        remainingKcal: 0,
        overKcal: 300,
        share: 1,
      },
      week: { ...REGULAR.week, start: '2026-03-01' },
      streak: { currentDays: 0, longestDays: 12 },
    });

    const calories = await screen.findByRole('region', { name: 'Calories on 1 March' });
    expect(within(calories).getByText('300 kcal over your daily goal.')).toBeInTheDocument();
    expect(within(calories).getByRole('link', { name: 'Open the nutrition log' })).toHaveAttribute(
      'href',
      '/nutrition-log?date=2026-03-01',
    );
    expect(card('Active minutes, week of 1 March')).toBeInTheDocument();
    expect(card('Weight on 1 March')).toBeInTheDocument();
    expect(card('Streak on 1 March')).toHaveTextContent('No workout on this day or the day before.');
  });

  it('asks for a calorie goal and a goal weight when none is set', async () => {
    renderSummary({
      ...REGULAR,
      calorieGoal: null,
      calorieBalance: null,
      weight: { ...REGULAR.weight, goalWeightKg: null, forecast: null },
      burn: null,
    });

    expect(await screen.findByRole('link', { name: 'Get your daily calorie goal' })).toHaveAttribute(
      'href',
      '/welcome',
    );
    expect(
      screen.getByText('Set a goal weight in weight tracking to see when you could reach it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^You burn about/)).not.toBeInTheDocument();
  });
});
