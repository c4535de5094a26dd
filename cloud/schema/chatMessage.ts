import { onlyServer, signedInPermissions, type ClassDefinition } from './types';

export const chatMessageClass: ClassDefinition = {
  className: 'ChatMessage',
  fields: {
    room: { type: 'String', required: true },
    author: { type: 'Pointer', targetClass: '_User', required: true },
    text: { type: 'String', required: true },
  },
  indexes: { chat_room_createdAt: { room: 1, createdAt: -1 } },
  // A message is written once; its author may delete it.
  classLevelPermissions: signedInPermissions({ update: onlyServer }),
};
