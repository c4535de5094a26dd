import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { shouldRevalidate } from './dashboard';

function revalidates(from: string, to: string, formMethod?: 'POST'): boolean {
  return shouldRevalidate({
    currentUrl: new URL(`http://localhost/${from}`),
    nextUrl: new URL(`http://localhost/${to}`),
    formMethod,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs);
}

describe('start page revalidation', () => {
  it('keeps the page’s data when a workout’s summary closes', () => {
    expect(revalidates('?date=2026-03-14&activity=abc123', '?date=2026-03-14')).toBe(false);
  });

  it('loads again when a summary opens, the day changes or a form is sent', () => {
    expect(revalidates('?date=2026-03-14', '?date=2026-03-14&activity=abc123')).toBe(true);
    expect(revalidates('?date=2026-03-14&activity=abc123', '?date=2026-03-15')).toBe(true);
    expect(revalidates('?date=2026-03-14&activity=abc123', '?date=2026-03-14', 'POST')).toBe(true);
  });
});
