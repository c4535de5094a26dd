/**
 * The sections of the moderators' page, in the order its list shows them, each addressed by the
 * query string (`/admin?section=people`) as the settings' sections are. The record, sign-up and the
 * server are the admins'.
 */
export const ADMIN_SECTIONS = ['reports', 'people', 'rooms', 'log', 'signup', 'server'] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The sections moderators do not have. */
export const ADMINS_ONLY_SECTIONS: readonly AdminSection[] = ['log', 'signup', 'server'];

export const FIRST_ADMIN_SECTION: AdminSection = 'reports';

export const isAdminSection = (value: unknown): value is AdminSection =>
  (ADMIN_SECTIONS as readonly unknown[]).includes(value);

/** The address of one section, with any other parameters it reads (a filter, a page). */
export function adminPath(section: AdminSection, extra: Readonly<Record<string, string>> = {}): string {
  return `/admin?${new URLSearchParams({ section, ...extra }).toString()}`;
}
