export { loadDashboardSummary } from './api';
export { DailySummary } from './components/DailySummary';
export type { DashboardSummary } from '@/domain/dashboard';
