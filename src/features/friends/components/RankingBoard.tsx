import { lazy, Suspense } from 'react';
import type { Ranking } from '@/domain/friends';
import { RankingControls, type RankingChoice } from './RankingControls';
import { RankingTable } from './RankingTable';

const RankingChart = lazy(() => import('./RankingChart'));

export interface RankingBoardProps {
  ranking: Ranking;
  /** The choice shown in the controls: the one being loaded while the ranking is on its way. */
  choice: RankingChoice;
  onChoose: (choice: RankingChoice) => void;
  /** A new ranking is loading. */
  busy: boolean;
  hasFriends: boolean;
}

/** The ranking of the person and their friends: controls, table, who is left out, and a chart. */
export function RankingBoard({ ranking, choice, onChoose, busy, hasFriends }: RankingBoardProps) {
  const names = ranking.notSharing.map((person) => person.displayName).join(', ');
  const ranked = ranking.rows.some((row) => row.me);
  return (
    <section className="card ranking-board" aria-labelledby="ranking-heading" aria-busy={busy || undefined}>
      <h2 id="ranking-heading">Ranking</h2>
      <RankingControls metric={choice.metric} period={choice.period} onChange={onChoose} />
      {hasFriends ? null : <p className="empty-note">Add friends to see how you compare with them.</p>}
      {ranking.metric === 'weightProgressPct' ? (
        <p className="ranking-note">
          Only the percentage of the way to each person’s own goal is shown, never a weight.
          {ranked ? null : ' You are not ranked yet: it needs a goal weight and a weigh-in.'}
        </p>
      ) : null}
      <RankingTable ranking={ranking} />
      {ranking.notSharing.length > 0 ? (
        <p className="ranking-note">Not shown because they do not share this: {names}</p>
      ) : null}
      {/* A chart of the person alone compares nothing. */}
      {hasFriends && ranking.rows.length > 0 ? (
        <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
          <RankingChart ranking={ranking} />
        </Suspense>
      ) : null}
    </section>
  );
}
