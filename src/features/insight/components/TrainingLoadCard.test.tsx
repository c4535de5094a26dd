import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LoadDay, TrainingLoadSeries } from '@/domain/trainingLoad';
import type { LoadMonths } from '../api';
import { TrainingLoadCard } from './TrainingLoadCard';

// jsdom has no canvas: chart.js cannot draw here, and its resize handling throws when a chart it
// could not start is updated. The chart is drawn in the browser tests (e2e/insight.spec.ts); here
// it is a list of the days it was given.
vi.mock('./TrainingLoadChart', () => ({
  default: ({ days }: { days: readonly LoadDay[] }) => (
    <ol aria-label="Chart">
      {days.map((day) => (
        <li key={day.date}>{day.date}</li>
      ))}
    </ol>
  ),
}));

function series(days: LoadDay[], overrides: Partial<TrainingLoadSeries> = {}): TrainingLoadSeries {
  return {
    from: days[0]?.date ?? '2026-06-01',
    to: days.at(-1)?.date ?? '2026-11-29',
    timeZone: 'Europe/Berlin',
    days,
    week: { week: 300, fourWeekAverage: 280, warning: false },
    workouts: { heartRate: 30, effort: 4, none: 1 },
    ...overrides,
  };
}

const TRAINED: LoadDay[] = [
  { date: '2026-11-27', load: 80, fitness: 40.2, fatigue: 50.6, form: -10.4 },
  { date: '2026-11-28', load: 0, fitness: 39.3, fatigue: 43.9, form: -4.6 },
  { date: '2026-11-29', load: 0, fitness: 38.4, fatigue: 30.1, form: 8.3 },
];

describe('TrainingLoadCard', () => {
  it("shows today's fitness, fatigue and form with what they mean, and how load is measured", async () => {
    const loadSeries = vi.fn((months: LoadMonths) =>
      Promise.resolve(series(TRAINED, { from: `2026-0${months - 1}-29` })),
    );
    render(<TrainingLoadCard loadSeries={loadSeries} />);

    await screen.findByText('Fitness');
    const card = screen.getByRole('region', { name: 'Training load' });
    expect(within(card).getByText('Fitness').nextElementSibling).toHaveTextContent('38');
    expect(within(card).getByText('Fatigue').nextElementSibling).toHaveTextContent('30');
    expect(within(card).getByText('Form').nextElementSibling).toHaveTextContent('+8');
    expect(within(card).getByText(/Your form is positive: you are fresh\./)).toBeVisible();
    expect(within(card).getByText(/fitness minus fatigue/)).toBeVisible();
    expect(within(card).queryByText(/more than 1\.5 times/)).not.toBeInTheDocument();
    expect(within(card).getByText('How is load measured?')).toBeVisible();
    expect(
      within(card).getByText(
        'In the last 6 months: 30 workouts counted by heart rate, 4 by effort, 1 with neither.',
      ),
    ).toBeInTheDocument();
    expect(loadSeries).toHaveBeenCalledWith(6);
  });

  it('asks for 12 months when the person picks them', async () => {
    const loadSeries = vi.fn((months: LoadMonths) =>
      Promise.resolve(series(TRAINED, { from: months === 6 ? '2026-05-29' : '2025-11-29' })),
    );
    render(<TrainingLoadCard loadSeries={loadSeries} />);
    const six = await screen.findByRole('button', { name: '6 months' });
    expect(six).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '12 months' }));

    expect(loadSeries).toHaveBeenLastCalledWith(12);
    expect(screen.getByRole('button', { name: '12 months' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/In the last 12 months/)).toBeInTheDocument();
  });

  it('warns when the week’s load is over 1.5 times the four weeks before, and reads negative form as tired', async () => {
    const tired: LoadDay[] = [{ date: '2026-11-29', load: 150, fitness: 45, fatigue: 70, form: -25 }];
    const loadSeries = () =>
      Promise.resolve(series(tired, { week: { week: 620, fourWeekAverage: 300, warning: true } }));
    render(<TrainingLoadCard loadSeries={loadSeries} />);

    expect(
      await screen.findByText(
        "This week's load (620) is more than 1.5 times your average week of the four before it (300). A jump like this raises the risk of injury: plan some easier days.",
      ),
    ).toBeVisible();
    expect(screen.getByText(/Your form is negative/)).toBeVisible();
    expect(screen.getByText('Form').nextElementSibling).toHaveTextContent('-25');
  });

  it('says how to get a load when there is none', async () => {
    const empty: LoadDay[] = [
      { date: '2026-11-28', load: 0, fitness: 0, fatigue: 0, form: 0 },
      { date: '2026-11-29', load: 0, fitness: 0, fatigue: 0, form: 0 },
    ];
    render(
      <TrainingLoadCard
        loadSeries={() => Promise.resolve(series(empty, { workouts: { heartRate: 0, effort: 0, none: 2 } }))}
      />,
    );

    expect(await screen.findByText(/No training load in these months yet/)).toBeVisible();
    expect(screen.getByText(/from its heart rate .* or from the effort you give it/)).toBeVisible();
    expect(screen.queryByText('Fitness')).not.toBeInTheDocument();
  });

  it('says why when the series cannot be loaded', async () => {
    render(<TrainingLoadCard loadSeries={() => Promise.reject(new Error('The server is away.'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
  });
});
