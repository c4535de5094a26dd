export { ChatRoom } from './components/ChatRoom';
export { RoomList } from './components/RoomList';
export { loadChatPage } from './load';
export { DEFAULT_ROOM } from './rooms';
export type { ChatPageData, RoomEntry } from './types';
export { useOutbox } from './useOutbox';
