import './moderation.css';
import { useState } from 'react';
import type { AccountStanding, Appeal } from '@/domain/moderation';
import { useT } from '@/i18n';
import { shownDateTime } from '../format';
import { APPEAL_TEXT, AppealForm } from './SuspendedScreen';

export interface StandingPanelProps {
  standing: AccountStanding;
  /** Reads the standing again once an appeal is sent. */
  onAppealed: () => void;
}

/**
 * The person's own standing: a mute in chat while it lasts and the recent warnings, each with its
 * reason, its date and one appeal (or the appeal's state once sent).
 */
export function StandingPanel({ standing, onAppealed }: StandingPanelProps) {
  const t = useT();
  const { chatMute, warnings } = standing;
  return (
    <section className="card standing-panel" aria-labelledby="standing-heading">
      <h2 id="standing-heading">{t('moderation.standing.title')}</h2>
      <p>{t('moderation.standing.intro')}</p>
      {!chatMute && warnings.length === 0 ? (
        <p className="empty-note" role="status">
          {t('moderation.standing.clear')}
        </p>
      ) : null}
      {chatMute ? (
        <article className="standing-entry" aria-labelledby="standing-mute">
          <h3 id="standing-mute">{t('moderation.standing.chatMuteTitle')}</h3>
          <p>{t('moderation.standing.chatMuteUntil', { until: shownDateTime(chatMute.until) })}</p>
          <p>
            <strong>{t('moderation.suspended.reason')}</strong> {chatMute.reason}
          </p>
          <AppealPart actionId={chatMute.actionId} appeal={chatMute.appeal} onAppealed={onAppealed} />
        </article>
      ) : null}
      {warnings.length > 0 ? (
        <>
          <h3>{t('moderation.standing.warningsTitle')}</h3>
          <ul className="standing-list">
            {warnings.map((warning) => (
              <li key={warning.actionId} className="standing-entry">
                <p>
                  <strong>
                    {t('moderation.standing.warnedOn', { date: shownDateTime(warning.createdAt) })}
                  </strong>
                </p>
                <p>
                  <strong>{t('moderation.suspended.reason')}</strong> {warning.reason}
                </p>
                <AppealPart actionId={warning.actionId} appeal={warning.appeal} onAppealed={onAppealed} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** An appeal's state once sent; before, a button that opens the form (one appeal per action). */
function AppealPart({
  actionId,
  appeal,
  onAppealed,
}: {
  actionId: string;
  appeal: Appeal | null;
  onAppealed: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (appeal) {
    return (
      <>
        <p role="status">{t(APPEAL_TEXT[appeal.outcome])}</p>
        {appeal.reason ? (
          <p>
            <strong>{t('moderation.suspended.decision')}</strong> {appeal.reason}
          </p>
        ) : null}
      </>
    );
  }
  if (!open) {
    return (
      <div className="form-actions">
        <button type="button" className="button-secondary" onClick={() => setOpen(true)}>
          {t('moderation.standing.appeal')}
        </button>
      </div>
    );
  }
  return <AppealForm actionId={actionId} onAppealed={onAppealed} autoFocus />;
}
