import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseTheme, shownTheme, THEME_STORAGE_KEY, themeChoice, useShownTheme } from './theme';

afterEach(() => {
  localStorage.removeItem(THEME_STORAGE_KEY);
  delete document.documentElement.dataset.theme;
});

describe('the theme', () => {
  it('is the system’s until the person chooses, and a kept choice is read back', () => {
    expect(themeChoice()).toBe('system');
    chooseTheme('dark');
    expect(themeChoice()).toBe('dark');
    expect(shownTheme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(themeChoice()).toBe('system');
  });

  it('re-renders what follows it when the shown theme changes', async () => {
    const { result } = renderHook(() => useShownTheme());
    expect(result.current).toBe('light');

    await act(async () => {
      chooseTheme('dark');
      // The observer reports on the next microtask.
      await Promise.resolve();
    });
    expect(result.current).toBe('dark');

    await act(async () => {
      chooseTheme('light');
      await Promise.resolve();
    });
    expect(result.current).toBe('light');
  });
});
