import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '@/domain/contract';
import { ActivityTypeIcon } from './ActivityTypeIcon';

describe('ActivityTypeIcon', () => {
  it('draws a hidden svg for every activity type, a different one for each', () => {
    const drawings = ACTIVITY_TYPES.map((type) => {
      const { container, unmount } = render(<ActivityTypeIcon type={type} />);
      const svg = container.querySelector('svg');
      expect(svg, type).not.toBeNull();
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('stroke', 'currentColor');
      const drawing = svg?.innerHTML ?? '';
      unmount();
      return drawing;
    });
    expect(new Set(drawings).size).toBe(ACTIVITY_TYPES.length);
  });
});
