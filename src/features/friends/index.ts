export {
  addComment,
  blockUser,
  deleteComment,
  editComment,
  listFriendships,
  loadFeed,
  loadMyUnits,
  loadWorkoutSocial,
  loadRanking,
  loadSharedWorkout,
  removeFriend,
  respondFriendRequest,
  searchUsers,
  sendFriendRequest,
  setKudos,
} from './api';
export { FeedCard, type FeedState } from './components/FeedCard';
export { WorkoutSocial } from './components/WorkoutSocial';
export { BlockedList, FriendList } from './components/FriendList';
export { FriendRequests } from './components/FriendRequests';
export { FriendSearch } from './components/FriendSearch';
export { RankingBoard } from './components/RankingBoard';
export { SharedWorkoutWindow, type SharedWorkoutWindowProps } from './components/SharedWorkoutWindow';
export type { RankingChoice } from './components/RankingControls';
export type { FeedMoreData, FriendActionResult, SearchAnswer, SearchData, SocialData } from './types';
