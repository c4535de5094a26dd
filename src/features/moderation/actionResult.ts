import type { Refused } from '@/lib/routeActions';

export type AdminFieldErrors = Partial<Record<'reason' | 'until' | 'seconds' | 'role', string>>;

/** What the moderators' page's action answers to the form that posted. */
export type AdminActionResult = { kind: 'done'; notice: string } | Refused<AdminFieldErrors>;

export const ADMIN_FIELD_NAMES = ['reason', 'until', 'seconds', 'role'] as const;
