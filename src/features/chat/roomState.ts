import { mergeMessages, withoutMessage } from './messages';
import type { ChatMessage, MessagePage } from './types';

export interface RoomState {
  /** Saved messages, oldest first, each once. */
  messages: readonly ChatMessage[];
  /** Ids deleted while the room was open: a fetch that started before never brings them back. */
  deleted: ReadonlySet<string>;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: string | null;
}

export type RoomAction =
  | { type: 'merge'; messages: readonly ChatMessage[] }
  | { type: 'update'; message: ChatMessage }
  | { type: 'remove'; id: string }
  | { type: 'olderLoading' }
  | { type: 'older'; page: MessagePage }
  | { type: 'olderFailed'; error: string };

export function initialRoomState(page: MessagePage): RoomState {
  return {
    messages: mergeMessages([], page.messages),
    deleted: new Set(),
    hasOlder: page.hasOlder,
    loadingOlder: false,
    olderError: null,
  };
}

const notDeleted = (state: RoomState, messages: readonly ChatMessage[]) =>
  state.deleted.size === 0 ? messages : messages.filter((message) => !state.deleted.has(message.id));

export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'merge': {
      const messages = mergeMessages(state.messages, notDeleted(state, action.messages));
      return messages === state.messages ? state : { ...state, messages };
    }
    case 'update':
      return state.messages.some((message) => message.id === action.message.id)
        ? {
            ...state,
            messages: state.messages.map((message) =>
              message.id === action.message.id ? action.message : message,
            ),
          }
        : state;
    case 'remove':
      return {
        ...state,
        messages: withoutMessage(state.messages, action.id),
        deleted: new Set(state.deleted).add(action.id),
      };
    case 'olderLoading':
      return { ...state, loadingOlder: true, olderError: null };
    case 'older':
      return {
        ...state,
        messages: mergeMessages(state.messages, notDeleted(state, action.page.messages)),
        hasOlder: action.page.hasOlder,
        loadingOlder: false,
      };
    case 'olderFailed':
      return { ...state, loadingOlder: false, olderError: action.error };
  }
}
