import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportOutcome, ReportTarget } from '../types';
import { ReportWindow } from './ReportWindow';

const api = vi.hoisted(() => ({
  reportContent:
    vi.fn<(report: { kind: string; id: string; reason: string; note: string }) => Promise<ReportOutcome>>(),
}));
vi.mock('../api', () => api);

const TARGET: ReportTarget = { kind: 'message', id: 'm1', name: 'Sam' };

function Opener() {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget(TARGET)}>
        Report
      </button>
      <ReportWindow target={target} onClose={() => setTarget(null)} />
    </>
  );
}

afterEach(() => api.reportContent.mockReset());

describe('ReportWindow', () => {
  it('asks for a reason, sends the report with its note, says so, and returns the focus', async () => {
    const user = userEvent.setup();
    api.reportContent.mockResolvedValue('sent');
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Sam’s message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();
    expect(api.reportContent).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.type(
      within(dialog).getByLabelText(/Anything the moderators should know/),
      ' Again and again ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(api.reportContent).toHaveBeenCalledWith({
      kind: 'message',
      id: 'm1',
      reason: 'harassment',
      note: 'Again and again',
    });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thank you.');
    const close = within(dialog).getByRole('button', { name: 'Done' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
  });

  it('says so when this person’s earlier report is still open', async () => {
    const user = userEvent.setup();
    api.reportContent.mockResolvedValue('already');
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('You have already reported this');
  });
});
