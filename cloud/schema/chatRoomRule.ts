import { serverOnlyPermissions, type ClassDefinition } from './types';

/** What moderators set for a topic room: its slow mode. Read and written by the server only. */
export const chatRoomRuleClass = {
  className: 'ChatRoomRule',
  fields: {
    room: { type: 'String', required: true },
    slowModeSeconds: { type: 'Number', required: true },
  },
  indexes: { chat_room_rule_room: { room: 1 } },
  classLevelPermissions: serverOnlyPermissions(),
} as const satisfies ClassDefinition;
