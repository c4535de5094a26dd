import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StaleNotice } from './StaleNotice';

describe('StaleNotice', () => {
  it('renders nothing for data fresh from the server', () => {
    const { container } = render(<StaleNotice savedAt={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says how long ago the copy shown was loaded, and that it may be out of date', () => {
    const savedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    render(<StaleNotice savedAt={savedAt} />);
    expect(screen.getByText(/^Offline: showing what was loaded/)).toHaveTextContent(
      'Offline: showing what was loaded 5 minutes ago. It may be out of date.',
    );
    expect(screen.getByText('5 minutes ago')).toHaveAttribute('datetime', savedAt);
  });
});
