import type { Refused } from '@/lib/routeActions';

export type AdminFieldErrors = Partial<Record<'reason' | 'role' | 'mode', string>>;

/** What the moderators' page's own forms (a role, an appeal's decision) are answered. */
export type AdminActionResult = { kind: 'done'; notice: string } | Refused<AdminFieldErrors>;

export const ADMIN_FIELD_NAMES = ['reason', 'role', 'mode'] as const;
