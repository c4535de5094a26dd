import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Popup } from './Popup';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add workout
      </button>
      <Popup open={open} title="New workout" onClose={() => setOpen(false)}>
        <label>
          Minutes <input name="minutes" autoFocus />
        </label>
      </Popup>
    </>
  );
}

describe('Popup', () => {
  it('opens as a dialog named by its title', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add workout' }));
    expect(screen.getByRole('dialog', { name: 'New workout' })).toBeVisible();
    expect(screen.getByLabelText('Minutes')).toBeInTheDocument();
  });

  it('closes when the browser cancels the dialog (Escape) and returns focus to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Add workout' });
    await userEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add workout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
