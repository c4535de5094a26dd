export {
  blockUser,
  listFriendships,
  loadRanking,
  loadSharedWorkout,
  removeFriend,
  respondFriendRequest,
  searchUsers,
  sendFriendRequest,
} from './api';
export { BlockedList, FriendList } from './components/FriendList';
export { FriendRequests } from './components/FriendRequests';
export { FriendSearch } from './components/FriendSearch';
export { Avatar, PersonLabel } from './components/Person';
export { RankingBoard } from './components/RankingBoard';
export { SharedWorkoutWindow, type SharedWorkoutWindowProps } from './components/SharedWorkoutWindow';
export type { RankingChoice } from './components/RankingControls';
export type { FriendActionResult, SearchAnswer, SearchData } from './types';
