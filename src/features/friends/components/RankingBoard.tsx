import { lazy, Suspense } from 'react';
import type { Ranking } from '@/domain/friends';
import { useT } from '@/i18n';
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
  const t = useT();
  const names = ranking.notSharing.map((person) => person.displayName).join(', ');
  const ranked = ranking.rows.some((row) => row.me);
  return (
    <section className="card ranking-board" aria-labelledby="ranking-heading" aria-busy={busy || undefined}>
      <h2 id="ranking-heading">{t('friends.ranking.title')}</h2>
      <RankingControls metric={choice.metric} period={choice.period} onChange={onChoose} />
      {hasFriends ? null : <p className="empty-note">{t('friends.ranking.noFriends')}</p>}
      {ranking.metric === 'weightProgressPct' ? (
        <p className="ranking-note">
          {t('friends.ranking.weightNote')}
          {ranked ? null : ` ${t('friends.ranking.notRanked')}`}
        </p>
      ) : null}
      <RankingTable ranking={ranking} />
      {ranking.notSharing.length > 0 ? (
        <p className="ranking-note">{t('friends.ranking.notSharing', { names })}</p>
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
