export {
  loadAdminUsers,
  loadQueue,
  loadRecord,
  loadServerStatus,
  loadSignupSettings,
  type RecordFilters,
} from './api';
export type { AdminActionResult } from './actionResult';
export { AdminLayout } from './components/AdminLayout';
export { ModerationLog } from './components/ModerationLog';
export { PeopleList } from './components/PeopleList';
export { ReportQueue } from './components/ReportQueue';
export { ADMIN_INTENTS } from './intents';
export { ServerSection } from './components/ServerSection';
export { SignupSection } from './components/SignupSection';
