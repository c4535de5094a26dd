import { useState, type ReactNode } from 'react';
import { currentLanguage, useT, type MessageId } from '@/i18n';
import type { OutboxItem } from '../outbox';
import { LinkedText } from './LinkedText';

/** The time of day for today's messages, else the day and the time, in the language shown. */
function shownTime(iso: string): string {
  const date = new Date(iso);
  const today = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    currentLanguage(),
    today
      ? { hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(date);
}

function MessageBody({ author, createdAt, text }: { author: string; createdAt: string; text: string }) {
  // Re-rendered when the language changes, so the time follows it.
  useT();
  return (
    <>
      <p className="chat-meta">
        <span className="chat-author">{author}</span> <time dateTime={createdAt}>{shownTime(createdAt)}</time>
      </p>
      <p className="chat-text">
        <LinkedText text={text} />
      </p>
    </>
  );
}

export interface SavedMessageProps {
  author: string;
  mine: boolean;
  createdAt: string;
  text: string;
  /** Hidden by a moderator (only its author sees it, marked so). */
  hidden: boolean;
  /** Deletes the message; answers the sentence to show when that failed. */
  onDelete: () => Promise<string | null>;
  /** The menu of someone else's message (report, mute, a moderator's hide). */
  menu?: ReactNode;
}

/** A saved message; one's own can be deleted, after a question asked once. */
export function SavedMessage({ author, mine, createdAt, text, hidden, onDelete, menu }: SavedMessageProps) {
  const t = useT();
  const classes = ['chat-message', mine ? 'chat-mine' : null, hidden ? 'chat-hidden' : null];
  return (
    <li className={classes.filter(Boolean).join(' ')}>
      <MessageBody author={author} createdAt={createdAt} text={text} />
      {hidden ? <p className="chat-status">{t('chat.message.hiddenByModerator')}</p> : null}
      {mine ? (
        <DeleteMessage onDelete={onDelete} />
      ) : menu ? (
        <div className="chat-actions">{menu}</div>
      ) : null}
    </li>
  );
}

function DeleteMessage({ onDelete }: { onDelete: () => Promise<string | null> }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (confirming) {
    return (
      // Keyed apart from the Delete button below, so this group mounts afresh and autoFocus moves
      // focus to its first button; a reused element would keep focus on a button whose meaning changed.
      <div
        key="confirm"
        className="confirm-delete chat-confirm"
        role="group"
        aria-label={t('chat.message.confirmLabel')}
      >
        <p>{t('chat.message.confirmQuestion')}</p>
        <button
          type="button"
          className="button-danger"
          disabled={busy}
          autoFocus
          onClick={() => {
            setBusy(true);
            void onDelete().then((sentence) => {
              // On success the message (and this button) is gone.
              if (sentence === null) return;
              setBusy(false);
              setConfirming(false);
              setError(sentence);
            });
          }}
        >
          {busy ? t('chat.message.deleting') : t('chat.message.deleteConfirm')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
          {t('chat.message.keep')}
        </button>
      </div>
    );
  }
  return (
    <div key="actions" className="chat-actions">
      <button type="button" className="chat-action" onClick={() => setConfirming(true)}>
        {t('chat.message.delete')}
      </button>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

const STATUS_TEXT: Readonly<Record<'sending' | 'waiting' | 'failed', MessageId>> = {
  sending: 'chat.status.sending',
  waiting: 'chat.status.waiting',
  failed: 'chat.status.failed',
};

export interface OutgoingMessageProps {
  item: OutboxItem;
  online: boolean;
  onRetry: () => void;
}

/** A message written here and not saved yet: sending, waiting for the connection, or failed. */
export function OutgoingMessage({ item, online, onRetry }: OutgoingMessageProps) {
  const t = useT();
  const status =
    item.status === 'failed' ? 'failed' : item.status === 'pending' && !online ? 'waiting' : 'sending';
  return (
    <li className={`chat-message chat-mine chat-outgoing chat-${status}`}>
      <MessageBody author={t('chat.author.you')} createdAt={item.writtenAt} text={item.text} />
      <p className="chat-status">{t(STATUS_TEXT[status])}</p>
      {status === 'failed' ? (
        <div className="chat-actions">
          {item.error ? <p className="field-error">{item.error}</p> : null}
          <button type="button" className="chat-action" onClick={onRetry}>
            {t('chat.message.retry')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
