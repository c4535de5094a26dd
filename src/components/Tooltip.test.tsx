import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('shows its text on keyboard focus, describes the trigger, and hides with Escape', async () => {
    render(<Tooltip label="How is this computed?" content="Net MET × kg × hours" />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.tab();
    const trigger = screen.getByRole('button', { name: 'How is this computed?' });
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Net MET × kg × hours');
    expect(trigger).toHaveAccessibleDescription('Net MET × kg × hours');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on hover and hides when the pointer leaves', async () => {
    render(<Tooltip label="Info" content="Details" />);
    await userEvent.hover(screen.getByRole('button', { name: 'Info' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Details');
    await userEvent.unhover(screen.getByRole('button', { name: 'Info' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
