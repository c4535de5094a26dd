import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePicker } from './DatePicker';

function Harness({ initial }: { initial: Date }) {
  const [day, setDay] = useState<Date | undefined>(initial);
  return (
    <form aria-label="log">
      <DatePicker label="Date" name="date" value={day} onChange={setDay} />
    </form>
  );
}

describe('DatePicker', () => {
  it('shows the chosen day and submits it as YYYY-MM-DD', () => {
    render(<Harness initial={new Date(2026, 10, 22)} />);
    expect(screen.getByRole('button', { name: 'Date Sun 22 Nov 2026' })).toHaveTextContent('Sun 22 Nov 2026');
    const form = screen.getByRole('form', { name: 'log' });
    expect(new FormData(form as HTMLFormElement).get('date')).toBe('2026-11-22');
  });

  it('opens a calendar in a dialog and picks a day with the keyboard', async () => {
    render(<Harness initial={new Date(2026, 10, 22)} />);
    await userEvent.click(screen.getByRole('button', { name: /^Date / }));
    expect(screen.getByRole('dialog', { name: 'Date' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Friday 20 November 2026' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Date Fri 20 Nov 2026' })).toBeVisible();
  });
});
