import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { ACTIVITY_TYPE_INFO } from '@/domain/activity';
import type { FeedItem, FeedPage } from '@/domain/social';
import { distanceUnitLabel, kmToDisplay, type Units } from '@/domain/units';
import { useT, type Translator } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { refusalIn } from '@/lib/routeActions';
import { FRIENDS_PATH, feedMoreHref } from '../paths';
import type { FeedMoreData, FriendActionResult } from '../types';
import { PersonLabel } from '@/components/PersonLabel';
import { WorkoutSocial, type WorkoutSocialProps } from './WorkoutSocial';

export type FeedState =
  { page: FeedPage; savedAt: string | null; error: null } | { page: null; savedAt: null; error: string };

export interface FeedCardProps {
  feed: FeedState;
  /** Opens a workout's window; without it, entries have no "Open" button. */
  onOpen?: (activityId: string) => void;
  /** The menu beside someone else's comment (report, mute). */
  commentMenu?: WorkoutSocialProps['commentMenu'];
  /** The reader's units; metric unless given. */
  units?: Units;
}

/** Friends' shared workouts, newest first, a page at a time, each with kudos and comments. */
export function FeedCard({ feed, onOpen, commentMenu, units = 'metric' }: FeedCardProps) {
  const t = useT();
  const more = useFetcher<FeedMoreData>();
  const [pages, setPages] = useState<FeedPage[]>([]);
  const last = pages.at(-1) ?? feed.page;
  // A page "Show more" loaded joins the list once, whatever renders follow.
  const loaded = more.data?.feedMore;
  if (loaded?.page && loaded.before === last?.next) setPages([...pages, loaded.page]);
  const items = [...(feed.page?.items ?? []), ...pages.flatMap((page) => page.items)];
  const moreError = more.state === 'idle' && loaded && !loaded.page ? loaded.error : null;

  return (
    <section className="card feed-card" aria-labelledby="feed-heading">
      <h2 id="feed-heading">{t('friends.feed.title')}</h2>
      {feed.error !== null ? (
        <p className="form-error">{feed.error}</p>
      ) : (
        <>
          {feed.savedAt ? <p className="stale-notice">{t('friends.feed.offline')}</p> : null}
          {items.length === 0 ? (
            <p className="empty-note">{t('friends.feed.empty')}</p>
          ) : (
            <ul className="feed-list" aria-labelledby="feed-heading">
              {items.map((item) => (
                <FeedEntry
                  key={item.activityId}
                  item={item}
                  onOpen={onOpen}
                  commentMenu={commentMenu}
                  units={units}
                />
              ))}
            </ul>
          )}
          {last?.next ? (
            <button
              type="button"
              className="button-secondary"
              disabled={more.state !== 'idle'}
              onClick={() => void more.load(feedMoreHref(last.next ?? ''))}
            >
              {t('friends.feed.showMore')}
            </button>
          ) : null}
          {moreError ? (
            <p className="form-error" role="alert">
              {moreError}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** An entry's line: the sport, the distance in the reader's units, the minutes. */
export function feedFacts(t: Translator, item: FeedItem, units: Units): string[] {
  return [
    ACTIVITY_TYPE_INFO[item.type].label,
    item.distanceKm === null
      ? null
      : t('friends.feed.distance', {
          distance: formatNumber(kmToDisplay(item.distanceKm, units), { maximumFractionDigits: 1 }),
          unit: distanceUnitLabel(units),
        }),
    t('friends.feed.minutes', { minutes: item.durationMin }),
  ].filter((fact) => fact !== null);
}

function FeedEntry({
  item,
  onOpen,
  commentMenu,
  units,
}: {
  item: FeedItem;
  onOpen: FeedCardProps['onOpen'];
  commentMenu: FeedCardProps['commentMenu'];
  units: Units;
}) {
  const t = useT();
  const kudos = useFetcher<FriendActionResult>();
  const [open, setOpen] = useState(false);
  const socialId = useId();
  const started = new Date(item.startedAt);
  // What the last answer said, or what is being sent now.
  const answered = kudos.data?.kind === 'kudos' ? kudos.data : undefined;
  const sending = kudos.formData?.get('intent');
  const given = sending ? sending === 'giveKudos' : (answered?.given ?? item.kudosGiven);
  const count = answered?.count ?? item.kudosCount + (given === item.kudosGiven ? 0 : given ? 1 : -1);
  const error = kudos.state === 'idle' ? refusalIn(kudos.data)?.formError : undefined;
  const facts = feedFacts(t, item, units);

  return (
    <li className="feed-entry">
      <PersonLabel person={item.owner} />
      <p className="feed-facts">
        {facts.join(' · ')}
        {' · '}
        <time dateTime={item.startedAt}>{formatDate(started, t('frame.date.dateTime'))}</time>
      </p>
      <div className="feed-actions">
        <kudos.Form method="post" action={FRIENDS_PATH}>
          <input type="hidden" name="activityId" value={item.activityId} />
          <button
            type="submit"
            name="intent"
            value={given ? 'removeKudos' : 'giveKudos'}
            className="button-secondary"
            aria-pressed={given}
          >
            {t('friends.feed.kudos', { count })}
          </button>
        </kudos.Form>
        <button
          type="button"
          className="button-secondary"
          aria-expanded={open}
          aria-controls={socialId}
          onClick={() => setOpen(!open)}
        >
          {t('friends.feed.comments', { count: item.commentCount })}
        </button>
        {onOpen ? (
          <button type="button" className="button-secondary" onClick={() => onOpen(item.activityId)}>
            {t('friends.feed.open')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div id={socialId} hidden={!open}>
        {open ? <WorkoutSocial activityId={item.activityId} commentMenu={commentMenu} /> : null}
      </div>
    </li>
  );
}
