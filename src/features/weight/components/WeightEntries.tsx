import { Link } from 'react-router';
import { SyncBadge } from '@/components/SyncBadge';
import { formatWeight, type WeightUnit } from '@/domain/units';
import type { WeightEntryRow } from '@/domain/weight';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formatDate } from '@/i18n/dates';

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
  const t = useT();
  return (
    <section className="card weight-entries" aria-labelledby="entries-heading">
      <h2 id="entries-heading">{t('weight.entries.title')}</h2>
      {entries.length === 0 ? (
        <p className="empty-note">{t('weight.entries.empty')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('weight.entries.date')}</th>
              <th scope="col">{t('weight.entries.weight')}</th>
              <th scope="col">{t('weight.entries.bodyFat')}</th>
              <th scope="col">{t('weight.entries.note')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('weight.entries.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDate(new Date(entry.measuredAt), 'd MMM yyyy, HH:mm')}</td>
                <td>{formatWeight(entry.weightKg, unit)}</td>
                <td>
                  {entry.bodyFatPct === null
                    ? '—'
                    : t('weight.entries.bodyFatValue', {
                        value: formatNumber(entry.bodyFatPct, { maximumFractionDigits: 3 }),
                      })}
                </td>
                <td className="note-cell">
                  {entry.note} <SyncBadge state={entry.sync} />
                </td>
                <td>
                  <button type="button" className="button-secondary" onClick={() => onEdit(entry)}>
                    <T
                      id="weight.entries.edit"
                      values={{ date: formatDate(new Date(entry.measuredAt), 'd MMM yyyy, HH:mm') }}
                      components={{ 0: <span className="visually-hidden" /> }}
                    />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pageCount > 1 ? (
        <nav className="pager" aria-label={t('weight.entries.pages')}>
          {page > 0 ? <Link to={pageLink(page - 1)}>{t('weight.entries.newer')}</Link> : <span />}
          <span>{t('weight.entries.page', { page: page + 1, count: pageCount })}</span>
          {page + 1 < pageCount ? <Link to={pageLink(page + 1)}>{t('weight.entries.older')}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
