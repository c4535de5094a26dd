export type { ActivityRow, ActivitySummary } from '@/domain/activity';
