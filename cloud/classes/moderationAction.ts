import { Parse, refusal, type TriggerRequest } from '../parse';

/**
 * The record of moderators' actions is append-only. Clients reach it not at all (its class-level
 * permissions are closed); the server itself may add rows and write an action's appeal, nothing
 * else, and only the master key (an operator's repair, never a function) may delete one.
 */
const APPEAL_ONLY: ReadonlySet<string> = new Set(['appeal', 'updatedAt']);

function beforeSaveModerationAction({ object, original }: TriggerRequest): void {
  if (!original) return;
  const changed = object.dirtyKeys().filter((key) => !APPEAL_ONLY.has(key));
  if (changed.length > 0) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.changeRecord');
}

function beforeDeleteModerationAction({ master }: TriggerRequest): void {
  if (!master) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.keepRecord');
}

export function registerModerationActionTriggers(): void {
  Parse.Cloud.beforeSave('ModerationAction', beforeSaveModerationAction);
  Parse.Cloud.beforeDelete('ModerationAction', beforeDeleteModerationAction);
}
