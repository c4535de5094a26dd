/**
 * The sections of the settings page, in the order its list shows them. Each is a view of its own,
 * addressed by the query string (`/user-settings?section=security`), so a link from anywhere (a
 * push, the bell, a sentence on another page) opens the right one.
 */
export const SETTINGS_SECTIONS = [
  'profile',
  'goals',
  'heartRate',
  'preferences',
  'notifications',
  'privacy',
  'sharing',
  'security',
  'standing',
  'invitations',
  'data',
  'delete',
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** The section shown when the address names none (beside the list on a wide screen). */
export const FIRST_SETTINGS_SECTION: SettingsSection = 'profile';

export const isSettingsSection = (value: unknown): value is SettingsSection =>
  (SETTINGS_SECTIONS as readonly unknown[]).includes(value);

/** The address of one section, with any other parameters the page reads (e.g. a notice). */
export function settingsPath(section: SettingsSection, extra: Readonly<Record<string, string>> = {}): string {
  return `/user-settings?${new URLSearchParams({ section, ...extra }).toString()}`;
}
