/**
 * How the app looks: like the device (the default), or always light or dark. Its own module, so
 * the app frame can read it without loading the whole contract.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
