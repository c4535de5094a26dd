import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Friendships } from '@/domain/friends';
import type { FriendActionResult } from '../types';
import { PersonLabel } from './Person';

type Friend = Friendships['friends'][number];
type Blocked = Friendships['blocked'][number];

/** The person's friends, each removable or blockable after one confirmation. */
export function FriendList({ friends }: { friends: readonly Friend[] }) {
  return (
    <section className="card" aria-labelledby="friends-heading">
      <h2 id="friends-heading">Your friends</h2>
      {friends.length === 0 ? (
        <p className="empty-note">No friends yet. Find people above and send them a request.</p>
      ) : (
        <ul className="person-list" aria-labelledby="friends-heading">
          {friends.map((friend) => (
            <FriendItem key={friend.friendshipId} friend={friend} />
          ))}
        </ul>
      )}
    </section>
  );
}

const CONFIRM = {
  remove: {
    question: (name: string) => `Remove ${name} from your friends?`,
    label: 'Confirm remove',
    button: 'Remove friend',
  },
  block: {
    question: (name: string) =>
      `Block ${name}? This ends your friendship and neither of you will find the other. They are not told.`,
    label: 'Confirm block',
    button: 'Block',
  },
} as const;

function FriendItem({ friend }: { friend: Friend }) {
  const fetcher = useFetcher<FriendActionResult>();
  const namesId = useId();
  const [confirming, setConfirming] = useState<'remove' | 'block' | null>(null);
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? fetcher.data?.formError : undefined;
  return (
    <li className="person-item">
      <PersonLabel person={friend} namesId={namesId} />
      <fetcher.Form method="post" className="person-actions">
        <input type="hidden" name="userId" value={friend.userId} />
        {confirming ? (
          // Keyed apart from the actions, so the click that asked to confirm cannot become a submit.
          <div key="confirm" className="confirm-delete" role="group" aria-label={CONFIRM[confirming].label}>
            <p>{CONFIRM[confirming].question(friend.displayName)}</p>
            <button
              type="submit"
              name="intent"
              value={confirming}
              className="button-danger"
              disabled={busy}
              autoFocus
            >
              {CONFIRM[confirming].button}
            </button>
            <button type="button" className="button-secondary" onClick={() => setConfirming(null)}>
              Keep
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
              Remove
            </button>
            <button
              type="button"
              className="button-secondary"
              onClick={() => setConfirming('block')}
              aria-describedby={namesId}
            >
              Block
            </button>
          </div>
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

/** People the person blocked; unblocking ends the block and leaves no relation. */
export function BlockedList({ blocked }: { blocked: readonly Blocked[] }) {
  return (
    <section className="card" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">Blocked</h2>
      {blocked.length === 0 ? (
        <p className="empty-note">You have not blocked anyone.</p>
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
  const fetcher = useFetcher<FriendActionResult>();
  const namesId = useId();
  const error = fetcher.state === 'idle' ? fetcher.data?.formError : undefined;
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
          Unblock
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
