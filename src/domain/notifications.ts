import type { PushMessage } from './reminders';

/** What a person is told about (class Notification, owner only). */
export const NOTIFICATION_KINDS = [
  'friend-request',
  'friend-accepted',
  'personal-record',
  'challenge-invite',
  'challenge-result',
  'weekly-summary',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The notifications a person is shown, newest first; older ones are deleted as new ones come. */
export const KEPT_NOTIFICATIONS = 50;

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  /** The username of the person it is about, for friend notifications. */
  actor: string | null;
  /** What it is about: the exercise of a record, the title of a challenge. */
  subject: string | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationList {
  notifications: NotificationRow[];
  unread: number;
}

/** The notification as a sentence. */
export function notificationSentence({ kind, actor, subject }: NotificationRow): string {
  switch (kind) {
    case 'friend-request':
      return `${actor ?? 'Someone'} sent you a friend request.`;
    case 'friend-accepted':
      return `${actor ?? 'Someone'} accepted your friend request.`;
    case 'personal-record':
      return `New personal record in ${subject ?? 'an exercise'}.`;
    case 'challenge-invite':
      return `${actor ?? 'Someone'} invited you to the challenge “${subject ?? ''}”.`;
    case 'weekly-summary':
      return `Your week: ${subject ?? 'nothing logged'}.`;
    case 'challenge-result':
      return actor
        ? `The challenge “${subject ?? ''}” has ended: ${actor} won.`
        : `The challenge “${subject ?? ''}” has ended.`;
  }
}

/** The push that goes with a notification: its sentence, and the page it is about. */
export function pushMessageOf(row: NotificationRow): PushMessage {
  return { title: 'FITSTREAK', body: notificationSentence(row), url: notificationLink(row), tag: row.kind };
}

/** Where a notification leads in the app. */
export function notificationLink({ kind }: NotificationRow): string {
  return kind === 'personal-record' || kind === 'weekly-summary' ? '/' : '/friends-ranking';
}
