import { METRIC_LABELS, type Ranking } from '@/domain/friends';
import { PERIOD_LABELS, formatValue, movement } from '../format';
import { PersonLabel } from './Person';

/** Everyone ranked, the person's own row marked; movement is against the previous period. */
export function RankingTable({ ranking }: { ranking: Ranking }) {
  const { metric, period, rows } = ranking;
  if (rows.length === 0) return <p className="empty-note">No one is ranked for this yet.</p>;
  return (
    <table className="data-table ranking-table">
      <caption className="visually-hidden">
        Ranking by {METRIC_LABELS[metric].label.toLowerCase()}, {PERIOD_LABELS[period].toLowerCase()}
      </caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          <th scope="col">Movement</th>
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
                  {row.me ? <span className="visually-hidden"> (you)</span> : null}
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
