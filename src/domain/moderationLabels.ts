import type { MessageId } from '../i18n/messages';
import type { RecordedActionKind, ReportKind, ReportReason, Role } from './moderation';

/**
 * The words of moderation, by message id: the report window, a moderator's forms and the
 * moderators' page name reasons, actions, kinds and roles the same way.
 */
export const REPORT_REASON_TEXT: Readonly<Record<ReportReason, MessageId>> = {
  spam: 'moderation.report.reasons.spam',
  harassment: 'moderation.report.reasons.harassment',
  inappropriate: 'moderation.report.reasons.inappropriate',
  other: 'moderation.report.reasons.other',
};

export const ACTION_TEXT: Readonly<Record<RecordedActionKind, MessageId>> = {
  dismiss: 'moderation.actions.dismiss',
  hide: 'moderation.actions.hide',
  unhide: 'moderation.actions.unhide',
  warn: 'moderation.actions.warn',
  chatMute: 'moderation.actions.chatMute',
  suspend: 'moderation.actions.suspend',
  lift: 'moderation.actions.lift',
  passwordReset: 'moderation.actions.passwordReset',
  deleteAccount: 'moderation.actions.deleteAccount',
};

export const REPORT_KIND_TEXT: Readonly<Record<ReportKind, MessageId>> = {
  message: 'admin.kinds.message',
  comment: 'admin.kinds.comment',
  activity: 'admin.kinds.workout',
  user: 'admin.kinds.person',
};

export const ROLE_TEXT: Readonly<Record<Role, MessageId>> = {
  user: 'admin.roles.user',
  moderator: 'admin.roles.moderator',
  admin: 'admin.roles.admin',
  owner: 'admin.roles.owner',
};
