import type { Refused } from '@/lib/routeActions';

export type ModerationFieldErrors = Partial<Record<'reason' | 'until' | 'seconds', string>>;

/** What a page's moderation forms (mute, a moderator's action, slow mode) are answered. */
export type ModerationActionResult = { kind: 'done'; notice: string } | Refused<ModerationFieldErrors>;

export const MODERATION_FIELD_NAMES = ['reason', 'until', 'seconds'] as const;
