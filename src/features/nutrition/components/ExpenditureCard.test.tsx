import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdaptiveCalorieGoal, ExpenditureWithGoal } from '@/domain/expenditure';
import type { NutritionActionResult } from '../actionResult';
import { ExpenditureCard } from './ExpenditureCard';

const MEASURED: ExpenditureWithGoal = {
  kcalPerDay: 2390,
  formulaKcalPerDay: 2450,
  confidence: 'high',
  loggedDays: 27,
  windowDays: 28,
  meanIntakeKcal: 2000,
  weeklyChangeKg: -0.35,
  explanation:
    'On the 27 days you logged in the last 28, you ate 2,000 kcal a day and your trend weight fell 0.35 kg a week (385 kcal a day drawn from your body): you burn about 2,390 kcal a day.',
  calorieGoal: { on: false, kcal: 1840, setOn: null, dailyCalorieGoal: 2000 },
};

/**
 * The card on a page whose action answers the goal toggle as the server would, recording what it
 * was asked.
 */
function renderCard(expenditure: ExpenditureWithGoal | Promise<ExpenditureWithGoal>, asked: string[] = []) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => <ExpenditureCard load={() => Promise.resolve(expenditure)} />,
        action: async ({ request }): Promise<NutritionActionResult> => {
          const on = (await request.formData()).get('on') as string;
          asked.push(on);
          const goal: AdaptiveCalorieGoal =
            on === 'true'
              ? { on: true, kcal: 1840, setOn: '2026-03-12', dailyCalorieGoal: 1840 }
              : { on: false, kcal: null, setOn: '2026-03-12', dailyCalorieGoal: 1840 };
          return { kind: 'adaptiveGoal', goal };
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return asked;
}

describe('ExpenditureCard', () => {
  it('shows the measured expenditure, its confidence, the formula beside it and the arithmetic on focus', async () => {
    const user = userEvent.setup();
    renderCard(MEASURED);

    expect(await screen.findByText('2,390 kcal')).toBeVisible();
    expect(screen.getByText(MEASURED.explanation)).toBeVisible();
    expect(screen.getByText(/^High confidence:/)).toBeVisible();
    expect(screen.getByText('Your body data and activity level predict 2,450 kcal a day.')).toBeVisible();

    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      '2,000 kcal eaten a day on the days logged, plus 385 kcal a day the trend weight says was drawn from your body (0.35 kg a week × 7,700 kcal per kg ÷ 7 days).',
    );
  });

  it('says what is missing until the log is enough', async () => {
    const missing: ExpenditureWithGoal = {
      ...MEASURED,
      kcalPerDay: null,
      confidence: null,
      loggedDays: 3,
      meanIntakeKcal: null,
      explanation: 'To measure what you burn, log your food on 14 of the last 28 days (so far 3).',
    };
    renderCard(missing);

    expect(await screen.findByText(missing.explanation)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'How this is worked out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says why it could not be measured as a sentence', async () => {
    renderCard(Promise.reject(Object.assign(new Error('Failed to fetch'), { code: 100 })));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server could not be reached. Check your connection and try again.',
    );
  });

  it('lets the calorie goal follow the measurement, saying what the goal becomes, and turns it off', async () => {
    const user = userEvent.setup();
    const asked = renderCard(MEASURED);
    const toggle = await screen.findByRole('checkbox', { name: 'Use it for my calorie goal' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/^Your daily goal would be 1,840 kcal: what you burn, less/);

    await user.click(toggle);

    // The box shows the answer asked for while the action runs (disabled); wait for its end.
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Your goal of 1,840 kcal follows what you burn, last set on 12 March 2026, and is set again each week. Setting a goal yourself stops this.',
    );

    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(asked).toEqual(['true', 'false']);
  });

  it('keeps the toggle while the goal follows a burn no longer measured, and says the goal stays', async () => {
    renderCard({
      ...MEASURED,
      kcalPerDay: null,
      confidence: null,
      explanation: 'To measure what you burn, log your food on 14 of the last 28 days (so far 9).',
      calorieGoal: { on: true, kcal: null, setOn: '2026-03-05', dailyCalorieGoal: 1900 },
    });

    const toggle = await screen.findByRole('checkbox', { name: 'Use it for my calorie goal', checked: true });
    expect(toggle).toHaveAccessibleDescription(
      'Your goal of 1,900 kcal follows what you burn, last set on 5 March 2026, and is set again each week. Until what you burn is measured again, it stays as it is. Setting a goal yourself stops this.',
    );
  });
});
