import type { DashboardSummary } from '@/domain/dashboard';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';

/** The start page's summary cards for one local day (today when `date` is absent). */
export async function loadDashboardSummary(query: { date?: string }): Promise<DashboardSummary> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: Record<string, unknown>) => DashboardSummary>('dashboardSummary', {
    ...query,
    timeZone: browserTimeZone(),
  });
}
