import type { PublicProfile } from './friends';

/**
 * Roles, mutes, reports and moderators' actions: the names and limits the server checks and the
 * app shows (issue "Community with care"). Roles are Parse roles that only the server writes;
 * `user` is holding none of them.
 */

export const ROLES = ['user', 'moderator', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The roles held as Parse roles; `user` is holding none of them. Each person holds at most one. */
export const STAFF_ROLES = ['moderator', 'admin', 'owner'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles an admin may give through `setRole`; an owner is made only by the operator's script. */
export const ASSIGNABLE_ROLES = ['user', 'moderator', 'admin'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const isAssignableRole = (value: unknown): value is AssignableRole =>
  typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);

/** Who moderates: a moderator, an admin or an owner (each role includes the ones before it). */
export const moderates = (role: Role): boolean => role !== 'user';
/** Who administers: admins and owners (roles, the record, e-mail addresses). */
export const administers = (role: Role): boolean => role === 'admin' || role === 'owner';

// Reports

export const REPORT_KINDS = ['message', 'comment', 'activity', 'user'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === 'string' && (REPORT_KINDS as readonly string[]).includes(value);

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const isReportReason = (value: unknown): value is ReportReason =>
  typeof value === 'string' && (REPORT_REASONS as readonly string[]).includes(value);

/** A reporter's optional note, in characters. */
export const REPORT_NOTE_MAX = 1000;

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const isReportStatus = (value: unknown): value is ReportStatus =>
  typeof value === 'string' && (REPORT_STATUSES as readonly string[]).includes(value);

// Actions

export const MODERATION_ACTIONS = [
  'dismiss',
  'hide',
  'unhide',
  'warn',
  'chatMute',
  'suspend',
  'lift',
] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];
export const isModerationAction = (value: unknown): value is ModerationActionKind =>
  typeof value === 'string' && (MODERATION_ACTIONS as readonly string[]).includes(value);

/**
 * What the record holds: the moderators' actions, and the admins' own actions on an account (a
 * password reset sent, an account deleted), which have their own functions and are never `moderate`d.
 */
export const ADMIN_ACCOUNT_ACTIONS = ['passwordReset', 'deleteAccount'] as const;
export type AdminAccountActionKind = (typeof ADMIN_ACCOUNT_ACTIONS)[number];
export const RECORDED_ACTIONS = [...MODERATION_ACTIONS, ...ADMIN_ACCOUNT_ACTIONS] as const;
export type RecordedActionKind = (typeof RECORDED_ACTIONS)[number];
export const isRecordedAction = (value: unknown): value is RecordedActionKind =>
  typeof value === 'string' && (RECORDED_ACTIONS as readonly string[]).includes(value);

/**
 * What each action may target. `hide`/`unhide` act on content; `warn`, `chatMute`, `suspend` and
 * `lift` act on a person, named directly or as the author of the content reported; `dismiss` only
 * closes a report (it needs `reportId`).
 */
export const ACTION_TARGETS: Readonly<Record<ModerationActionKind, readonly ReportKind[]>> = {
  dismiss: REPORT_KINDS,
  hide: ['message', 'comment', 'activity'],
  unhide: ['message', 'comment', 'activity'],
  warn: REPORT_KINDS,
  chatMute: REPORT_KINDS,
  suspend: REPORT_KINDS,
  lift: REPORT_KINDS,
};

/** Usernames the record is filtered by, in characters. */
export const USERNAME_FILTER_MAX = 100;

/** A moderator's reason for an action, and for an appeal's decision, in characters (after trimming). */
export const ACTION_REASON_MIN = 1;
export const ACTION_REASON_MAX = 500;

/** An appeal's text, in characters (after trimming). */
export const APPEAL_TEXT_MIN = 1;
export const APPEAL_TEXT_MAX = 1000;

/**
 * `until` of a chat mute (required) or a suspension (absent: until lifted) is an ISO instant in the
 * future, at most this far ahead.
 */
export const MAX_SANCTION_DAYS = 365;
/** The lengths the app offers; the server accepts any instant within the limit. */
export const SANCTION_DURATIONS = [
  { key: 'hour', ms: 60 * 60 * 1000 },
  { key: 'day', ms: 24 * 60 * 60 * 1000 },
  { key: 'week', ms: 7 * 24 * 60 * 60 * 1000 },
  { key: 'month', ms: 30 * 24 * 60 * 60 * 1000 },
] as const;
/** What `_User.suspendedUntil` holds for "until lifted": the answers say `until: null`. */
export const UNTIL_LIFTED = new Date('9999-12-31T00:00:00.000Z');

/** Slow mode of a topic room: seconds between two messages of one author; 0 is off. */
export const SLOW_MODE_MIN_SECONDS = 0;
export const SLOW_MODE_MAX_SECONDS = 600;

/** Page sizes of the lists moderators page through with `before`. */
export const QUEUE_PAGE = 20;
export const RECORD_PAGE = 50;
export const ADMIN_USERS_PAGE = 50;
/** How many warnings `accountStanding` lists, newest first, and of what age. */
export const RECENT_WARNINGS = 5;
export const RECENT_WARNING_DAYS = 90;
/** The messages shown before and after a reported one, in its room. */
export const MESSAGE_CONTEXT = 5;
/** Earlier reports and actions on the same person shown beside a report. */
export const HISTORY_ROWS = 10;

// Answers

/** A person as moderators see them: null where the account is gone. */
export interface PersonRef {
  userId: string;
  username: string;
}

export type AppealOutcome = 'pending' | 'upheld' | 'overturned';

/** The appeal of an action, by the person it targets (one per action). */
export interface Appeal {
  text: string;
  at: string;
  outcome: AppealOutcome;
  /** The username of the moderator who decided; null while pending. */
  decidedBy: string | null;
  /** The decision's reason; null while pending. */
  reason: string | null;
}

/** One row of `ModerationAction`, as the record and a report's history show it. */
export interface ModerationActionRow {
  id: string;
  /** Kept by name when the moderator's account is deleted (then `userId` is null). */
  moderator: { userId: string | null; username: string };
  action: RecordedActionKind;
  targetKind: ReportKind;
  targetId: string;
  targetUser: PersonRef | null;
  reason: string;
  /** When a chat mute or suspension ends; null for until lifted and for other actions. */
  until: string | null;
  reportId: string | null;
  createdAt: string;
  appeal: Appeal | null;
}

/** What the signed-in person is told about themselves: `accountStanding()`. */
export interface AccountStanding {
  role: Role;
  suspension: {
    /** null: until a moderator lifts it. */
    until: string | null;
    reason: string;
    actionId: string;
    appeal: Appeal | null;
  } | null;
  chatMutedUntil: string | null;
  /** The moderator's mute in chat while it lasts: until when, why, and its appeal. */
  chatMute: { until: string; reason: string; actionId: string; appeal: Appeal | null } | null;
  /** Recent warnings, newest first (at most RECENT_WARNINGS of the last RECENT_WARNING_DAYS days). */
  warnings: { actionId: string; reason: string; createdAt: string; appeal: Appeal | null }[];
}

/** A chat message beside a reported one. */
export interface ChatLine {
  id: string;
  authorId: string | null;
  authorName: string;
  text: string;
  createdAt: string;
  /** Hidden by a moderator. */
  hidden: boolean;
}

/** A workout as a moderator sees it beside a report: its summary, never its track. */
export interface WorkoutGlance {
  id: string;
  ownerId: string | null;
  type: string;
  title: string | null;
  notes: string | null;
  startedAt: string;
  durationMin: number | null;
  distanceKm: number | null;
  hidden: boolean;
}

/** What a report is about, as it is now (null where it is gone). */
export type ReportContext =
  | { kind: 'message'; room: string | null; message: ChatLine | null; before: ChatLine[]; after: ChatLine[] }
  | {
      kind: 'comment';
      comment: { id: string; text: string; createdAt: string; hidden: boolean } | null;
      workout: WorkoutGlance | null;
    }
  | { kind: 'activity'; workout: WorkoutGlance | null }
  | {
      kind: 'user';
      person: { displayName: string; joined: string; suspendedUntil: string | null } | null;
    };

/** A report in the moderation queue, with its context and the target person's history. */
export interface QueueReport {
  id: string;
  kind: ReportKind;
  targetId: string;
  reason: ReportReason;
  note: string | null;
  status: ReportStatus;
  createdAt: string;
  reporter: PersonRef | null;
  /** The person the report is about: the author of the content, or the person reported. */
  targetUser: PersonRef | null;
  /** The action that resolved it. */
  resolution: { actionId: string; action: ModerationActionKind; at: string } | null;
  context: ReportContext;
  /** Earlier reports on the target person (not this one) and actions on them, newest first. */
  history: {
    reports: {
      id: string;
      kind: ReportKind;
      reason: ReportReason;
      status: ReportStatus;
      createdAt: string;
    }[];
    actions: ModerationActionRow[];
  };
}

/** Lists are paged by `before`: pass `next` as `before` for the next page; null at the end. */
export interface ModerationQueue {
  reports: QueueReport[];
  next: string | null;
}

export interface ModerationRecord {
  actions: ModerationActionRow[];
  next: string | null;
}

export type AccountStatus = 'active' | 'chatMuted' | 'suspended';

/** A person as the admin page lists them. */
export interface AdminUserRow {
  userId: string;
  username: string;
  displayName: string;
  /** Admins and owners only; null for moderators. */
  email: string | null;
  joined: string;
  /** The last time a session of theirs was made or used, if known. */
  lastActive: string | null;
  role: Role;
  status: AccountStatus;
  suspendedUntil: string | null;
  chatMutedUntil: string | null;
}

export interface AdminUsers {
  users: AdminUserRow[];
  next: string | null;
}

/** mutedUsers() → the people the caller has muted, by name. */
export type MutedUser = PublicProfile;
