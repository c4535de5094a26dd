import { useSyncExternalStore } from 'react';
import { THEMES, type Theme } from '@/domain/theme';

/**
 * The theme on this device. public/theme.js applies the kept choice before the first paint (same
 * key, same values, and "system" following the device); this module changes it while the app
 * runs. The person's choice is also kept in their Settings, so a new device learns it.
 */
export const THEME_STORAGE_KEY = 'fitstreak:theme';

export type ShownTheme = 'light' | 'dark';

const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

export function themeChoice(): Theme {
  try {
    const kept = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(kept) ? kept : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): ShownTheme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Keeps the choice on this device and shows it at once. */
export function chooseTheme(choice: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Shown for this page only: a blocked storage must not stop the change.
  }
  document.documentElement.dataset.theme = choice === 'system' ? systemTheme() : choice;
}

/** The theme the page shows now (what <html data-theme> says; light before anything set it). */
export function shownTheme(): ShownTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Calls `changed` after each change of the theme shown; returns the way to stop. */
export function watchShownTheme(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The theme shown, re-rendering when it changes (the person's choice, or the device's). */
export function useShownTheme(): ShownTheme {
  return useSyncExternalStore(watchShownTheme, shownTheme, () => 'light');
}
