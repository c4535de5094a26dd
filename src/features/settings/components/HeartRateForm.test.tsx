import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { heartRateZones, type PersonHeartRateZones } from '@/domain/heartRateZones';
import { parseHeartRateForm } from '../form';
import { HeartRateForm } from './HeartRateForm';

const FROM_TRACKS: PersonHeartRateZones = {
  restingHr: 60,
  restingHrSet: false,
  maxHr: 190,
  maxHrSource: 'tracks',
  maxHrActivityId: 'run0000001',
  bounds: [50, 60, 70, 80, 90, 100],
  boundsEdited: false,
  zones: heartRateZones(60, 190),
};

function renderForm(zones: PersonHeartRateZones) {
  const router = createMemoryRouter(
    [
      {
        path: '/user-settings',
        element: <HeartRateForm zones={zones} />,
        action: () => ({ kind: 'saved', notice: 'The zones are back to the defaults.' }),
      },
    ],
    {
      initialEntries: ['/user-settings?section=heartRate'],
    },
  );
  render(<RouterProvider router={router} />);
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  const values = {
    restingHr: '',
    bound0: '50',
    bound1: '60',
    bound2: '70',
    bound3: '80',
    bound4: '90',
    bound5: '100',
  };
  for (const [name, value] of Object.entries({ ...values, ...fields })) form.set(name, value);
  return form;
}

describe('HeartRateForm', () => {
  it('says where the maximum comes from and shows the zones in bpm as the resting heart rate is typed', async () => {
    renderForm(FROM_TRACKS);

    expect(
      screen.getByText(/Your maximum heart rate is 190 bpm: the highest 30-second average/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'The workout it comes from' })).toHaveAttribute(
      'href',
      '/?activity=run0000001',
    );
    const zones = screen.getByRole('list', { name: 'Your zones' });
    expect(within(zones).getAllByRole('listitem')[0]).toHaveTextContent('Zone 1: recovery: 125–138 bpm');

    await userEvent.type(screen.getByLabelText('Resting heart rate (bpm)'), '50');

    expect(within(zones).getAllByRole('listitem')[0]).toHaveTextContent('Zone 1: recovery: 120–134 bpm');
    expect(within(zones).getAllByRole('listitem')[4]).toHaveTextContent('Zone 5: maximum: 176–190 bpm');
  });

  it('names an estimate from age, and puts the default bounds back at once when asked', async () => {
    renderForm({
      ...FROM_TRACKS,
      maxHr: 180,
      maxHrSource: 'age',
      maxHrActivityId: null,
      bounds: [55, 65, 75, 85, 92, 100],
      boundsEdited: true,
    });

    expect(screen.getByText(/estimated at 180 bpm from your age/)).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Zone 1 starts at')).toHaveValue(55);

    await userEvent.click(screen.getByRole('button', { name: 'Reset the zones to the defaults' }));

    expect(screen.getByLabelText('Zone 1 starts at')).toHaveValue(50);
    expect(await screen.findByText('The zones are back to the defaults.')).toBeVisible();
  });
});

describe('parseHeartRateForm', () => {
  it('reads a resting heart rate and stores default bounds as none', () => {
    expect(parseHeartRateForm(formOf({ restingHr: '52' }))).toEqual({
      value: { restingHr: 52, zoneBounds: null },
    });
    expect(parseHeartRateForm(formOf({ bound0: '55' }))).toEqual({
      value: { restingHr: null, zoneBounds: [55, 60, 70, 80, 90, 100] },
    });
  });

  it('refuses a resting heart rate out of range and bounds that do not rise, at their fields', () => {
    expect(parseHeartRateForm(formOf({ restingHr: '200', bound2: '60' }))).toEqual({
      fieldErrors: {
        restingHr: 'Enter a resting heart rate from 25 to 120 bpm, or leave it empty.',
        zoneBounds: 'Enter six whole numbers from 0 to 100, each higher than the one before.',
      },
    });
    expect(parseHeartRateForm(formOf({ bound5: '' }))).toHaveProperty('fieldErrors.zoneBounds');
  });
});
