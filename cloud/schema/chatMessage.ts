import { onlyServer, signedInPermissions, type ClassDefinition } from './types';

export const chatMessageClass = {
  className: 'ChatMessage',
  fields: {
    room: { type: 'String', required: true },
    author: { type: 'Pointer', targetClass: '_User', required: true },
    text: { type: 'String', required: true },
    // The author's display name (or username) when they wrote, set by the server: other people's
    // accounts are private, so this is how a topic room shows who wrote what.
    authorName: { type: 'String' },
    // Set by the server when a moderator hides the message: its ACL is then its author's alone, and
    // this marks it for them.
    hiddenAt: { type: 'Date' },
  },
  indexes: { chat_room_createdAt: { room: 1, createdAt: -1 } },
  // A message is written once; its author may delete it.
  classLevelPermissions: signedInPermissions({ update: onlyServer }),
  personal: { ownedBy: ['author'], onAccountDeletion: 'delete', exportedAs: 'chatMessages' },
} as const satisfies ClassDefinition;
