import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PersonHeartRateZones } from '@/domain/heartRateZones';
import { heartRateZones } from '@/domain/heartRateZones';
import { WorkoutZones } from './WorkoutZones';

const ZONES: PersonHeartRateZones = {
  restingHr: 50,
  restingHrSet: true,
  maxHr: 190,
  maxHrSource: 'tracks',
  maxHrActivityId: 'run0000001',
  bounds: [50, 60, 70, 80, 90, 100],
  boundsEdited: false,
  zones: heartRateZones(50, 190),
};

describe('WorkoutZones', () => {
  it('shows the minutes in each zone with its heart-rate range, and the load from heart rate', async () => {
    render(
      <WorkoutZones
        timeInZones={{ below: 120, zones: [300, 1200, 900, 360, 60] }}
        load={{ value: 84.6, source: 'heartRate' }}
        loadZones={() => Promise.resolve(ZONES)}
      />,
    );

    const table = screen.getByRole('table', { name: 'Time in each heart-rate zone' });
    expect(await within(table).findByText('120–134 bpm')).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Below zone 1',
      'Zone 1: recovery120–134 bpm',
      'Zone 2: endurance134–148 bpm',
      'Zone 3: tempo148–162 bpm',
      'Zone 4: threshold162–176 bpm',
      'Zone 5: maximum176–190 bpm',
    ]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      '2 min',
      '5 min',
      '20 min',
      '15 min',
      '6 min',
      '1 min',
    ]);
    expect(within(rows[2] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent(/41\s?%/);
    expect(screen.getByText('Training load: 85, from its heart rate (TRIMP).')).toBeVisible();
  });

  it('shows a load from effort alone, without asking for zones', () => {
    const loadZones = vi.fn(() => Promise.resolve(ZONES));
    render(<WorkoutZones timeInZones={null} load={{ value: 40, source: 'effort' }} loadZones={loadZones} />);

    expect(screen.getByText('Training load: 40, from the effort you gave it and its minutes.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(loadZones).not.toHaveBeenCalled();
  });

  it('shows nothing with neither heart rate nor effort', () => {
    const { container } = render(<WorkoutZones timeInZones={null} load={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
