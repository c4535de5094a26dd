import { format } from 'date-fns';
import { Link } from 'react-router';
import { SyncBadge } from '@/components/SyncBadge';
import { formatWeight, type WeightUnit } from '@/domain/units';
import type { WeightEntryRow } from '@/domain/weight';

export interface WeightEntriesProps {
  entries: readonly WeightEntryRow[];
  unit: WeightUnit;
  page: number;
  pageCount: number;
  /** The link to another page of entries, keeping the rest of the query string. */
  pageLink: (page: number) => string;
  onEdit: (entry: WeightEntryRow) => void;
}

/** Weigh-ins newest first, a page at a time; each row opens the weight edit window. */
export function WeightEntries({ entries, unit, page, pageCount, pageLink, onEdit }: WeightEntriesProps) {
  return (
    <section className="card" aria-labelledby="entries-heading">
      <h2 id="entries-heading">Weigh-ins</h2>
      {entries.length === 0 ? (
        <p className="empty-note">No weigh-ins yet.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Weight</th>
              <th scope="col">Body fat</th>
              <th scope="col">Note</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{format(new Date(entry.measuredAt), 'd MMM yyyy, HH:mm')}</td>
                <td>{formatWeight(entry.weightKg, unit)}</td>
                <td>{entry.bodyFatPct === null ? '—' : `${entry.bodyFatPct} %`}</td>
                <td className="note-cell">
                  {entry.note} <SyncBadge state={entry.sync} />
                </td>
                <td>
                  <button type="button" className="button-secondary" onClick={() => onEdit(entry)}>
                    Edit
                    <span className="visually-hidden">
                      {' '}
                      weigh-in of {format(new Date(entry.measuredAt), 'd MMM yyyy, HH:mm')}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pageCount > 1 ? (
        <nav className="pager" aria-label="Weigh-in pages">
          {page > 0 ? <Link to={pageLink(page - 1)}>Newer</Link> : <span />}
          <span>
            Page {page + 1} of {pageCount}
          </span>
          {page + 1 < pageCount ? <Link to={pageLink(page + 1)}>Older</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
