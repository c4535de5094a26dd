import type { ReportKind } from '@/domain/moderation';

/** What reporting answered: sent, or this person's earlier report of it is still open. */
export type ReportOutcome = 'sent' | 'already';

/** What a report is about, and a name for the window's title. */
export interface ReportTarget {
  kind: ReportKind;
  id: string;
  /** The person it is about, as the page shows them. */
  name: string;
}
