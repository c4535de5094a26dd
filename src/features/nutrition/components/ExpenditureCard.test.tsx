import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnergyExpenditure } from '@/domain/expenditure';
import { ExpenditureCard } from './ExpenditureCard';

const MEASURED: EnergyExpenditure = {
  kcalPerDay: 2390,
  formulaKcalPerDay: 2450,
  confidence: 'high',
  loggedDays: 27,
  windowDays: 28,
  meanIntakeKcal: 2000,
  weeklyChangeKg: -0.35,
  explanation:
    'On the 27 days you logged in the last 28, you ate 2,000 kcal a day and your trend weight fell 0.35 kg a week (385 kcal a day drawn from your body): you burn about 2,390 kcal a day.',
};

describe('ExpenditureCard', () => {
  it('shows the measured expenditure, its confidence, the formula beside it and the arithmetic on focus', async () => {
    const user = userEvent.setup();
    render(<ExpenditureCard load={() => Promise.resolve(MEASURED)} />);

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
    const missing: EnergyExpenditure = {
      ...MEASURED,
      kcalPerDay: null,
      confidence: null,
      loggedDays: 3,
      meanIntakeKcal: null,
      explanation: 'To measure what you burn, log your food on 14 of the last 28 days (so far 3).',
    };
    render(<ExpenditureCard load={() => Promise.resolve(missing)} />);

    expect(await screen.findByText(missing.explanation)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'How this is worked out' })).not.toBeInTheDocument();
  });

  it('says why it could not be measured as a sentence', async () => {
    render(
      <ExpenditureCard
        load={() => Promise.reject(Object.assign(new Error('Failed to fetch'), { code: 100 }))}
      />,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server could not be reached. Check your connection and try again.',
    );
  });
});
