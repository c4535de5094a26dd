import type { DashboardSummary } from '@/domain/dashboard';
import { browserTimeZone } from '@/lib/timeZone';
import { callCloud } from '@/lib/cloud';

/** The start page's summary cards for one local day (today when `date` is absent). */
export async function loadDashboardSummary(query: { date?: string }): Promise<DashboardSummary> {
  return callCloud('dashboardSummary', {
    ...query,
    timeZone: browserTimeZone(),
  });
}
