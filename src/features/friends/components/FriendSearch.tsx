import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { SEARCH_MIN_LENGTH, type SearchResult } from '@/domain/friends';
import type { FriendActionResult, SearchData } from '../types';
import { PersonLabel } from './Person';

const DEBOUNCE_MS = 250;

export interface FriendSearchProps {
  /** Requests to the person, by the asker's id: "Accept" answers that request. */
  incomingRequests: ReadonlyMap<string, string>;
}

/**
 * Find people by the start of their username or name. Results come from the page's loader
 * (`?q=`) through a fetcher, so the search never enters the page's address; they follow typing
 * after a short pause and refresh by themselves after each action.
 */
export function FriendSearch({ incomingRequests }: FriendSearchProps) {
  const inputId = useId();
  const hintId = useId();
  const { load, data, state } = useFetcher<SearchData>();
  const [text, setText] = useState('');
  const query = text.trim();
  const searchable = Array.from(query).length >= SEARCH_MIN_LENGTH;
  const answer = searchable && data?.search.query === query ? data.search : undefined;
  const searchHref = `?${new URLSearchParams({ q: query }).toString()}`;

  useEffect(() => {
    if (!searchable) return;
    const timer = setTimeout(() => void load(searchHref), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchable, searchHref, load]);

  let status = '';
  if (searchable && !answer) status = 'Searching…';
  else if (answer && !answer.error) {
    status =
      answer.results.length === 0
        ? 'No one found'
        : `${answer.results.length} ${answer.results.length === 1 ? 'person' : 'people'} found`;
  }

  return (
    <section className="card friend-search" aria-labelledby="search-heading">
      <h2 id="search-heading">Add friends</h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (searchable) void load(searchHref);
        }}
      >
        <div className="form-field">
          <label htmlFor={inputId}>Find people</label>
          <input
            id={inputId}
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            maxLength={50}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={hintId}
          />
          <p id={hintId} className="field-hint">
            Type at least {SEARCH_MIN_LENGTH} characters of a username or name.
          </p>
        </div>
      </form>
      {answer?.error ? (
        <p role="alert" className="form-error">
          {answer.error}
        </p>
      ) : null}
      <p
        role="status"
        className={answer && answer.results.length > 0 ? 'visually-hidden' : 'empty-note search-status'}
        aria-busy={state === 'loading' ? true : undefined}
      >
        {status}
      </p>
      {answer && answer.results.length > 0 ? (
        <ul className="person-list" aria-label="People found">
          {answer.results.map((person) => (
            <SearchResultItem
              key={person.userId}
              person={person}
              friendshipId={incomingRequests.get(person.userId)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SearchResultItem({
  person,
  friendshipId,
}: {
  person: SearchResult;
  friendshipId: string | undefined;
}) {
  const fetcher = useFetcher<FriendActionResult>();
  const namesId = useId();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? fetcher.data?.formError : undefined;
  return (
    <li className="person-item">
      <PersonLabel person={person} namesId={namesId} />
      <fetcher.Form method="post" className="person-actions">
        {person.relation === 'none' ? (
          <>
            <input type="hidden" name="username" value={person.username} />
            <button
              type="submit"
              name="intent"
              value="request"
              className="button-primary"
              disabled={busy}
              aria-describedby={namesId}
            >
              Add friend
            </button>
          </>
        ) : null}
        {person.relation === 'incoming' ? (
          <>
            {/* Without the request at hand, asking them back accepts their request. */}
            {friendshipId ? (
              <input type="hidden" name="friendshipId" value={friendshipId} />
            ) : (
              <input type="hidden" name="username" value={person.username} />
            )}
            <button
              type="submit"
              name="intent"
              value={friendshipId ? 'accept' : 'request'}
              className="button-primary"
              disabled={busy}
              aria-describedby={namesId}
            >
              Accept
            </button>
          </>
        ) : null}
        {person.relation === 'outgoing' || person.relation === 'friend' || person.relation === 'blocked' ? (
          <button type="button" className="button-secondary" disabled aria-describedby={namesId}>
            {person.relation === 'outgoing'
              ? 'Requested'
              : person.relation === 'friend'
                ? 'Friends'
                : 'Blocked'}
          </button>
        ) : null}
      </fetcher.Form>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
