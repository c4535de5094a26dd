export {
  deleteActivity,
  inputFromRow,
  loadActivitySummary,
  loadLatestRoute,
  loadWorkoutDetail,
  saveActivity,
} from './api';
export { ActivityCalendar } from './components/ActivityCalendar';
export {
  ACTIVITY_FETCHER_KEY,
  ActivityEditWindow,
  type ActivityActionResult,
} from './components/ActivityEditWindow';
export { DayActivities } from './components/DayActivities';
export { WeekSummary } from './components/WeekSummary';
export { WorkoutStats } from './components/WorkoutStats';
export { WorkoutSummaryWindow } from './components/WorkoutSummaryWindow';
export { RouteCharts, RouteLine } from './components/WorkoutRecording';
export { RoutePointPicker } from './components/RoutePointPicker';
export { dateToDay, dateToMonth } from './days';
export { dropWorkoutDraft, workoutDraft, type DraftFields } from './draft';
export { ACTIVITY_FIELD_NAMES, parseActivityForm } from './form';
export { withWaitingActivities } from './pending';
export { parseActivityRow } from './rows';
export type { ActivityRow, ActivitySummary } from './types';
