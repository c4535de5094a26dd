import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RaceEffort, RacePredictionsAnswer } from '@/domain/racePredictions';
import { RacePredictionsCard } from './RacePredictionsCard';

const FIVE_K: RaceEffort = { distanceM: 5000, seconds: 1290, date: '2026-11-03', activityId: 'run5k00001' };
const TEN_K: RaceEffort = { distanceM: 10_000, seconds: 2700, date: '2026-10-18', activityId: 'run10k0001' };

const ANSWER: RacePredictionsAnswer = {
  vdot: 46.83,
  vdotFrom: FIVE_K,
  predictions: [
    { distanceM: 5000, riegelS: 1290, vdotS: 1290, from: FIVE_K },
    { distanceM: 10_000, riegelS: 2700, vdotS: 2700, from: TEN_K },
    { distanceM: 21_097.5, riegelS: 5951, vdotS: 5975, from: TEN_K },
    { distanceM: 42_195, riegelS: 12_406, vdotS: 12_454, from: TEN_K },
  ],
};

function renderCard(answer: RacePredictionsAnswer) {
  const router = createMemoryRouter(
    [{ path: '/', element: <RacePredictionsCard loadPredictions={() => Promise.resolve(answer)} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RacePredictionsCard', () => {
  it('shows each race by Riegel and by VDOT, the effort it comes from and the estimated VO₂max', async () => {
    renderCard(ANSWER);

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Riegel' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'VDOT' })).toBeVisible();
    const marathon = within(table).getByRole('row', { name: /Marathon/ });
    expect(
      within(marathon)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3:26:46', '3:27:34']);
    const fiveK = within(table).getByRole('row', { name: /^5 km/ });
    expect(within(fiveK).getByRole('link', { name: '5 km in 21:30 on 3 Nov 2026' })).toHaveAttribute(
      'href',
      '/?activity=run5k00001',
    );
    expect(within(marathon).getByRole('link', { name: '10 km in 45:00 on 18 Oct 2026' })).toBeVisible();
    expect(screen.getByText('Estimated VO₂max: 46.8 ml/kg/min')).toBeVisible();
    expect(screen.getByText(/Riegel's formula .* Daniels' VDOT/)).toBeVisible();
  });

  it('shows nothing but a sentence from fewer than two efforts', async () => {
    renderCard(null);

    expect(await screen.findByText(/Race predictions need your best efforts at two distances/)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/VO₂max/)).not.toBeInTheDocument();
  });
});
