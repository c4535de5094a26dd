import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { Friendships } from '@/domain/friends';
import { useT } from '@/i18n';
import type { FriendActionResult } from '../types';
import { PersonLabel } from '@/components/PersonLabel';
import { refusalIn } from '@/lib/routeActions';

type Request = Friendships['incoming'][number];

export interface FriendRequestsProps {
  incoming: readonly Request[];
  outgoing: readonly Request[];
}

/** Requests to the person (accept or decline) and the ones they sent (cancel). */
export function FriendRequests({ incoming, outgoing }: FriendRequestsProps) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="requests-heading">
      <h2 id="requests-heading">{t('friends.requests.title')}</h2>
      <h3 id="incoming-heading">{t('friends.requests.incoming')}</h3>
      {incoming.length === 0 ? (
        <p className="empty-note">{t('friends.requests.incomingEmpty')}</p>
      ) : (
        <ul className="person-list" aria-labelledby="incoming-heading">
          {incoming.map((request) => (
            <RequestItem key={request.friendshipId} request={request} direction="incoming" />
          ))}
        </ul>
      )}
      <h3 id="outgoing-heading">{t('friends.requests.outgoing')}</h3>
      {outgoing.length === 0 ? (
        <p className="empty-note">{t('friends.requests.outgoingEmpty')}</p>
      ) : (
        <ul className="person-list" aria-labelledby="outgoing-heading">
          {outgoing.map((request) => (
            <RequestItem key={request.friendshipId} request={request} direction="outgoing" />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestItem({ request, direction }: { request: Request; direction: 'incoming' | 'outgoing' }) {
  const t = useT();
  const fetcher = useFetcher<FriendActionResult>();
  const namesId = useId();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? refusalIn(fetcher.data)?.formError : undefined;
  return (
    <li className="person-item">
      <PersonLabel person={request} namesId={namesId} />
      <fetcher.Form method="post" className="person-actions">
        {direction === 'incoming' ? (
          <>
            <input type="hidden" name="friendshipId" value={request.friendshipId} />
            <button
              type="submit"
              name="intent"
              value="accept"
              className="button-primary"
              disabled={busy}
              aria-describedby={namesId}
            >
              {t('friends.requests.accept')}
            </button>
            <button
              type="submit"
              name="intent"
              value="decline"
              className="button-secondary"
              disabled={busy}
              aria-describedby={namesId}
            >
              {t('friends.requests.decline')}
            </button>
          </>
        ) : (
          <>
            <input type="hidden" name="userId" value={request.userId} />
            <button
              type="submit"
              name="intent"
              value="remove"
              className="button-secondary"
              disabled={busy}
              aria-describedby={namesId}
            >
              {t('friends.requests.cancel')}
            </button>
          </>
        )}
      </fetcher.Form>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
