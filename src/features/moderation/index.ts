export {
  loadAdminUsers,
  loadMutedUsers,
  loadQueue,
  loadRecord,
  loadSlowMode,
  muteUser,
  unmuteUser,
} from './api';
export type { AdminActionResult } from './actionResult';
export { AdminLayout } from './components/AdminLayout';
export { MutedList } from './components/MutedList';
export { ModerationLog } from './components/ModerationLog';
export { PeopleList } from './components/PeopleList';
export { ReportQueue } from './components/ReportQueue';
export { ReportWindow } from './components/ReportWindow';
export { SlowModeList, SlowModeRow, type SlowModeRoom } from './components/SlowModeList';
export { SuspendedScreen } from './components/SuspendedScreen';
export { forgetStanding, standingFor } from './standing';
export type { ReportOutcome, ReportTarget } from './types';
export { MODERATION_INTENTS, MUTE_INTENTS } from './intents';
export { ModerationMenu } from './components/ModerationMenu';
