import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchResult } from '@/domain/friends';
import { useT } from '@/i18n';
import type { FriendActionResult, SearchData } from '../types';
import { PersonLabel } from '@/components/PersonLabel';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

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
  const t = useT();
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
  if (searchable && !answer) status = t('friends.search.searching');
  else if (answer && !answer.error) {
    status =
      answer.results.length === 0
        ? t('friends.search.noneFound')
        : t('friends.search.found', { count: answer.results.length });
  }

  return (
    <section className="card friend-search" aria-labelledby="search-heading">
      <h2 id="search-heading">{t('friends.search.title')}</h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (searchable) void load(searchHref);
        }}
      >
        <div className="form-field">
          <label htmlFor={inputId}>{t('friends.search.label')}</label>
          <input
            id={inputId}
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={hintId}
          />
          <p id={hintId} className="field-hint">
            {t('friends.search.hint', { count: SEARCH_MIN_LENGTH })}
          </p>
        </div>
      </form>
      <FormError>{answer?.error}</FormError>
      <p
        role="status"
        className={answer && answer.results.length > 0 ? 'visually-hidden' : 'empty-note search-status'}
        aria-busy={state === 'loading' ? true : undefined}
      >
        {status}
      </p>
      {answer && answer.results.length > 0 ? (
        <ul className="person-list" aria-label={t('friends.search.results')}>
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
  const t = useT();
  const fetcher = useFetcher<FriendActionResult>();
  const namesId = useId();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? refusalIn(fetcher.data)?.formError : undefined;
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
              {t('friends.search.addFriend')}
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
              {t('friends.search.accept')}
            </button>
          </>
        ) : null}
        {person.relation === 'outgoing' || person.relation === 'friend' || person.relation === 'blocked' ? (
          <button type="button" className="button-secondary" disabled aria-describedby={namesId}>
            {person.relation === 'outgoing'
              ? t('friends.search.requested')
              : person.relation === 'friend'
                ? t('friends.search.friends')
                : t('friends.search.blocked')}
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
