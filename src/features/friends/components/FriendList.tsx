import { useId, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { Friendships } from '@/domain/friends';
import { useT, type MessageId } from '@/i18n';
import type { FriendActionResult } from '../types';
import { PersonLabel } from '@/components/PersonLabel';
import { PersonRow } from '@/components/PersonRow';
import { refusalIn } from '@/lib/routeActions';

type Friend = Friendships['friends'][number];
type Blocked = Friendships['blocked'][number];

export interface FriendListProps {
  friends: readonly Friend[];
  /** More actions on a friend (report, mute), beside remove and block. */
  personMenu?: (friend: Friend) => ReactNode;
}

/** The person's friends, each removable or blockable after one confirmation. */
export function FriendList({ friends, personMenu }: FriendListProps) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="friends-heading">
      <h2 id="friends-heading">{t('friends.list.title')}</h2>
      {friends.length === 0 ? (
        <p className="empty-note">{t('friends.list.empty')}</p>
      ) : (
        <ul className="person-list" aria-labelledby="friends-heading">
          {friends.map((friend) => (
            <FriendItem key={friend.friendshipId} friend={friend} menu={personMenu?.(friend)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The question (with the friend's {name}), the group's label and the button of each confirmation. */
const CONFIRM: Readonly<
  Record<'remove' | 'block', { question: MessageId; label: MessageId; button: MessageId }>
> = {
  remove: {
    question: 'friends.list.removeQuestion',
    label: 'friends.list.removeConfirm',
    button: 'friends.list.removeButton',
  },
  block: {
    question: 'friends.list.blockQuestion',
    label: 'friends.list.blockConfirm',
    button: 'friends.list.blockButton',
  },
};

function FriendItem({ friend, menu }: { friend: Friend; menu: ReactNode }) {
  const t = useT();
  const fetcher = useFetcher<FriendActionResult>();
  const [confirming, setConfirming] = useState<'remove' | 'block' | null>(null);
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? refusalIn(fetcher.data)?.formError : undefined;
  return (
    <PersonRow
      person={friend}
      error={error}
      actions={(namesId) => (
        <>
          <fetcher.Form method="post" className="person-actions">
            <input type="hidden" name="userId" value={friend.userId} />
            {confirming ? (
              // Keyed apart from the actions, so the click that asked to confirm cannot become a submit.
              <div
                key="confirm"
                className="confirm-delete"
                role="group"
                aria-label={t(CONFIRM[confirming].label)}
              >
                <p>{t(CONFIRM[confirming].question, { name: friend.displayName })}</p>
                <button
                  type="submit"
                  name="intent"
                  value={confirming}
                  className="button-danger"
                  disabled={busy}
                  autoFocus
                >
                  {t(CONFIRM[confirming].button)}
                </button>
                <button type="button" className="button-secondary" onClick={() => setConfirming(null)}>
                  {t('friends.list.keep')}
                </button>
              </div>
            ) : (
              <div key="actions" className="form-actions">
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => setConfirming('remove')}
                  aria-describedby={namesId}
                >
                  {t('friends.list.remove')}
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => setConfirming('block')}
                  aria-describedby={namesId}
                >
                  {t('friends.list.block')}
                </button>
              </div>
            )}
          </fetcher.Form>
          {/* Beside the form, not in it: the menu's windows hold forms of their own. */}
          {menu}
        </>
      )}
    />
  );
}

/** People the person blocked; unblocking ends the block and leaves no relation. */
export function BlockedList({ blocked }: { blocked: readonly Blocked[] }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">{t('friends.blocked.title')}</h2>
      {blocked.length === 0 ? (
        <p className="empty-note">{t('friends.blocked.empty')}</p>
      ) : (
        <ul className="person-list" aria-labelledby="blocked-heading">
          {blocked.map((person) => (
            <BlockedItem key={person.friendshipId} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedItem({ person }: { person: Blocked }) {
  const t = useT();
  const fetcher = useFetcher<FriendActionResult>();
  const namesId = useId();
  const error = fetcher.state === 'idle' ? refusalIn(fetcher.data)?.formError : undefined;
  return (
    <li className="person-item">
      <PersonLabel person={person} namesId={namesId} />
      <fetcher.Form method="post" className="person-actions">
        <input type="hidden" name="userId" value={person.userId} />
        <button
          type="submit"
          name="intent"
          value="unblock"
          className="button-secondary"
          disabled={fetcher.state !== 'idle'}
          aria-describedby={namesId}
        >
          {t('friends.blocked.unblock')}
        </button>
      </fetcher.Form>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
