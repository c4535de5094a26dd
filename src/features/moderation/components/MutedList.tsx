import { useFetcher } from 'react-router';
import { PersonRow } from '@/components/PersonRow';
import type { MutedUser } from '@/domain/moderation';
import { useT } from '@/i18n';
import { refusalIn } from '@/lib/routeActions';
import type { ModerationActionResult } from '../actionResult';

/** The people this person muted: their chat messages are hidden here; unmuting shows them again. */
export function MutedList({ muted }: { muted: readonly MutedUser[] }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="muted-heading">
      <h2 id="muted-heading">{t('moderation.muted.title')}</h2>
      {muted.length === 0 ? (
        <p className="empty-note">{t('moderation.muted.empty')}</p>
      ) : (
        <ul className="person-list" aria-labelledby="muted-heading">
          {muted.map((person) => (
            <MutedItem key={person.userId} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MutedItem({ person }: { person: MutedUser }) {
  const t = useT();
  const fetcher = useFetcher<ModerationActionResult>();
  const error = fetcher.state === 'idle' ? refusalIn(fetcher.data)?.formError : undefined;
  const name = person.displayName;
  return (
    <PersonRow
      person={person}
      error={error}
      actions={() => (
        <fetcher.Form method="post" className="person-actions">
          <input type="hidden" name="userId" value={person.userId} />
          <button
            type="submit"
            name="intent"
            value="unmute"
            className="button-secondary"
            disabled={fetcher.state !== 'idle'}
            aria-label={t('moderation.muted.unmuteName', { name })}
          >
            {t('moderation.muted.unmute')}
          </button>
        </fetcher.Form>
      )}
    />
  );
}
