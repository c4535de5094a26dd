import { registerChatMessageTriggers } from './classes/chatMessage';
import { registerOwnedClassTriggers } from './classes/ownedClasses';
import { registerUserTriggers } from './classes/user';
import { registerActivityFunctions } from './functions/activity';
import { registerFriendFunctions } from './functions/friends';
import { registerNutritionFunctions } from './functions/nutrition';
import { registerWeightFunctions } from './functions/weight';
import { registerLiveQueryGuards } from './liveQuery';

registerUserTriggers();
registerOwnedClassTriggers();
registerChatMessageTriggers();
registerLiveQueryGuards();
registerActivityFunctions();
registerWeightFunctions();
registerNutritionFunctions();
registerFriendFunctions();
