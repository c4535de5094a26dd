import type { Appeal, RecordedActionKind, ReportKind } from '../../src/domain/moderation';
import { holds, serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * The record of moderators' actions: one row per action, append-only. Closed to every client; the
 * server adds rows and writes only an appeal and its outcome into one (cloud/classes/moderationAction.ts
 * refuses any other change and any deletion without the master key). Rows outlive the accounts
 * of the moderator (named by username too) and of the person acted on.
 */
export const moderationActionClass = {
  className: 'ModerationAction',
  fields: {
    moderator: { type: 'Pointer', targetClass: '_User', required: true },
    moderatorName: { type: 'String', required: true },
    action: { type: 'String', required: true, ...holds<RecordedActionKind>() },
    targetKind: { type: 'String', required: true, ...holds<ReportKind>() },
    targetId: { type: 'String', required: true },
    targetUser: { type: 'Pointer', targetClass: '_User' },
    targetName: { type: 'String' },
    reason: { type: 'String', required: true },
    /** The end of a chat mute or a suspension; absent for until lifted and other actions. */
    until: { type: 'Date' },
    report: { type: 'String' },
    appeal: { type: 'Object', ...holds<Appeal & { decidedAt?: string; decidedById?: string }>() },
  },
  indexes: {
    moderation_action_createdAt: { createdAt: -1 },
    moderation_action_target: { targetUser: 1, createdAt: -1 },
    moderation_action_moderator: { moderator: 1, createdAt: -1 },
  },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['targetUser'],
    notOwnedBy: { moderator: 'the moderator who acted; the record keeps their name when they leave' },
    onAccountDeletion: { keep: 'the record of moderation is kept whole, naming the person by username' },
    exportedAs: { notExported: 'shown to the person in the app while it applies to them' },
  },
} as const satisfies ClassDefinition;
