import type {
  ModerationActionKind,
  ReportKind,
  ReportReason,
  ReportStatus,
} from '../../src/domain/moderation';
import { holds, serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * A person's report of a chat message, a comment, a workout or another person
 * (cloud/functions/moderation.ts). Written and read only through functions: the reporter learns
 * only that it was resolved, the reported person nothing, moderators everything.
 */
export const reportClass = {
  className: 'Report',
  fields: {
    reporter: { type: 'Pointer', targetClass: '_User', required: true },
    kind: { type: 'String', required: true, ...holds<ReportKind>() },
    targetId: { type: 'String', required: true },
    /** The person it is about: the content's author, or the person reported. */
    targetUser: { type: 'Pointer', targetClass: '_User' },
    reason: { type: 'String', required: true, ...holds<ReportReason>() },
    note: { type: 'String' },
    status: { type: 'String', required: true, ...holds<ReportStatus>() },
    /** The action that resolved it (a `ModerationAction` id) and what it was. */
    resolution: {
      type: 'Object',
      ...holds<{ actionId: string; action: ModerationActionKind; at: string }>(),
    },
  },
  indexes: {
    report_status_createdAt: { status: 1, createdAt: -1 },
    report_target: { kind: 1, targetId: 1, status: 1 },
    report_targetUser: { targetUser: 1, createdAt: -1 },
  },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['reporter'],
    notOwnedBy: { targetUser: 'a report about a person is its reporter’s, never shown to that person' },
    onAccountDeletion: 'delete',
    exportedAs: {
      notExported: 'a report is read by moderators only; its reporter is told when it is resolved',
    },
  },
} as const satisfies ClassDefinition;
