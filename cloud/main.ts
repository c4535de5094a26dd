import { registerChatMessageTriggers } from './classes/chatMessage';
import { registerOwnedClassTriggers } from './classes/ownedClasses';
import { registerLiveQueryGuards } from './liveQuery';

registerOwnedClassTriggers();
registerChatMessageTriggers();
registerLiveQueryGuards();
