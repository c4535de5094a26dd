import { t } from '../i18n/messages';
import { ACTIVITY_TYPE_INFO } from './activity';
import { ACTIVITY_TYPES } from './contract';
import type { PushMessage } from './reminders';

/** What a person is told about (class Notification, owner only). */
export const NOTIFICATION_KINDS = [
  'friend-request',
  'friend-accepted',
  'personal-record',
  'challenge-invite',
  'challenge-result',
  'weekly-summary',
  'kudos',
  'comment',
  // Moderation (src/domain/moderation.ts): `subject` holds the moderator's reason where one is shown.
  'report-received',
  'report-resolved',
  'moderation-warning',
  'moderation-hidden',
  'moderation-chat-mute',
  'moderation-suspension',
  'moderation-lifted',
  'appeal-upheld',
  'appeal-overturned',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The notifications a person is shown, newest first; older ones are deleted as new ones come. */
export const KEPT_NOTIFICATIONS = 50;

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  /**
   * The person it is about (who asked, who invited, who won) by their display name as it is now, or
   * their username when they have none; null when they are gone or have blocked the recipient.
   */
  actor: string | null;
  /** What it is about: the exercise of a record, the title of a challenge. */
  subject: string | null;
  /** The challenge an invitation or a result is about. */
  challengeId: string | null;
  /** How many others besides `actor` gave kudos to the workout (kind `kudos`). */
  others?: number;
  /** The workout kudos or a comment are about (kinds `kudos`, `comment`). */
  activityId?: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationList {
  notifications: NotificationRow[];
  unread: number;
}

/** The notification as a sentence, in the language shown (or the recipient's, for a push). */
export function notificationSentence(row: NotificationRow): string {
  const { kind } = row;
  // A row read from elsewhere may lack them: undefined reads as null.
  const actor = row.actor ?? null;
  const subject = row.subject ?? null;
  const title = subject ?? '';
  switch (kind) {
    case 'friend-request':
      return actor === null
        ? t('domain.notification.friendRequestSomeone')
        : t('domain.notification.friendRequest', { actor });
    case 'friend-accepted':
      return actor === null
        ? t('domain.notification.friendAcceptedSomeone')
        : t('domain.notification.friendAccepted', { actor });
    case 'personal-record':
      return subject === null
        ? t('domain.notification.personalRecordSomewhere')
        : t('domain.notification.personalRecord', { exercise: subject });
    case 'challenge-invite':
      return actor === null
        ? t('domain.notification.challengeInviteSomeone', { title })
        : t('domain.notification.challengeInvite', { actor, title });
    case 'weekly-summary':
      return subject === null
        ? t('domain.notification.weeklySummaryEmpty')
        : t('domain.notification.weeklySummary', { summary: subject });
    case 'challenge-result':
      return actor
        ? t('domain.notification.challengeWon', { title, winner: actor })
        : t('domain.notification.challengeEnded', { title });
    case 'kudos': {
      const type = workoutTypeLabel(subject);
      const others = row.others ?? 0;
      if (actor === null) return t('domain.notification.kudosSomeone', { type });
      return others > 0
        ? t('domain.notification.kudosOthers', { actor, others, type })
        : t('domain.notification.kudos', { actor, type });
    }
    case 'comment': {
      const type = workoutTypeLabel(subject);
      return actor === null
        ? t('domain.notification.commentSomeone', { type })
        : t('domain.notification.comment', { actor, type });
    }
    case 'report-received':
      return t('domain.notification.reportReceived');
    case 'report-resolved':
      return t('domain.notification.reportResolved');
    case 'moderation-warning':
      return t('domain.notification.moderationWarning', { reason: title });
    case 'moderation-hidden':
      return t('domain.notification.moderationHidden', { reason: title });
    case 'moderation-chat-mute':
      return t('domain.notification.moderationChatMute', { reason: title });
    case 'moderation-suspension':
      return t('domain.notification.moderationSuspension', { reason: title });
    case 'moderation-lifted':
      return t('domain.notification.moderationLifted');
    case 'appeal-upheld':
      return t('domain.notification.appealUpheld', { reason: title });
    case 'appeal-overturned':
      return t('domain.notification.appealOverturned', { reason: title });
  }
}

/** A kudos or comment notification names the workout by its type (its `subject`), translated when read. */
function workoutTypeLabel(subject: string | null): string {
  const type = ACTIVITY_TYPES.find((known) => known === subject) ?? 'other';
  return ACTIVITY_TYPE_INFO[type].label;
}

/** The push that goes with a notification: its sentence, and the page it is about. */
export function pushMessageOf(row: NotificationRow): PushMessage {
  return { title: 'FITSTREAK', body: notificationSentence(row), url: notificationLink(row), tag: row.kind };
}

/** The friends page with a challenge's leaderboard open (for its members; others see the page). */
export const challengePath = (challengeId: string) =>
  `/friends-ranking?${new URLSearchParams({ challenge: challengeId }).toString()}`;

/** Where a notification leads in the app. */
export function notificationLink({ kind, challengeId, activityId }: NotificationRow): string {
  // Kudos and comments open the workout on the friends page, as friends see it, with its comments.
  if ((kind === 'kudos' || kind === 'comment') && activityId) return `/friends-ranking?workout=${activityId}`;
  if (kind === 'personal-record' || kind === 'weekly-summary' || kind === 'kudos' || kind === 'comment') {
    return '/';
  }
  if (kind === 'report-received') return '/admin';
  if (kind.startsWith('moderation-') || kind.startsWith('appeal-') || kind === 'report-resolved') return '/';
  // An invitation is answered in the challenges card, which the friends page shows first.
  if (kind === 'challenge-result' && challengeId) return challengePath(challengeId);
  return '/friends-ranking';
}
