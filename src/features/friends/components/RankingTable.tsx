import type { Ranking } from '@/domain/friends';
import { useT } from '@/i18n';
import { METRIC_IN_SENTENCE, PERIOD_IN_SENTENCE, formatValue, movement } from '../format';
import { PersonLabel } from '@/components/PersonLabel';

/** Everyone ranked, the person's own row marked; movement is against the previous period. */
export function RankingTable({ ranking }: { ranking: Ranking }) {
  const t = useT();
  const { metric, period, rows } = ranking;
  if (rows.length === 0) return <p className="empty-note">{t('friends.table.empty')}</p>;
  return (
    <table className="data-table ranking-table">
      <caption className="visually-hidden">
        {t('friends.table.caption', {
          metric: t(METRIC_IN_SENTENCE[metric]),
          period: t(PERIOD_IN_SENTENCE[period]),
        })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('friends.table.rank')}</th>
          <th scope="col">{t('friends.table.name')}</th>
          <th scope="col">{t('friends.table.value')}</th>
          <th scope="col">{t('friends.table.movement')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const moved = movement(row);
          return (
            <tr
              key={row.userId}
              className={row.me ? 'ranking-me' : undefined}
              aria-current={row.me ? 'true' : undefined}
            >
              <td className="ranking-rank">{row.rank}</td>
              <th scope="row" className="ranking-name">
                <PersonLabel person={row}>
                  {row.me ? <span className="visually-hidden"> {t('friends.table.you')}</span> : null}
                </PersonLabel>
              </th>
              <td className="ranking-value">{formatValue(metric, row.value)}</td>
              <td className={`ranking-movement movement-${moved.kind}`}>
                <span aria-hidden="true">{moved.symbol}</span>
                <span className="visually-hidden">{moved.words}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
