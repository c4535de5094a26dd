import { useState } from 'react';
import type { OutboxItem } from '../outbox';
import { LinkedText } from './LinkedText';

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY_AND_TIME = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function shownTime(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? TIME.format(date) : DAY_AND_TIME.format(date);
}

function MessageBody({ author, createdAt, text }: { author: string; createdAt: string; text: string }) {
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
  /** Deletes the message; answers the sentence to show when that failed. */
  onDelete: () => Promise<string | null>;
}

/** A saved message; one's own can be deleted, after a question asked once. */
export function SavedMessage({ author, mine, createdAt, text, onDelete }: SavedMessageProps) {
  return (
    <li className={mine ? 'chat-message chat-mine' : 'chat-message'}>
      <MessageBody author={author} createdAt={createdAt} text={text} />
      {mine ? <DeleteMessage onDelete={onDelete} /> : null}
    </li>
  );
}

function DeleteMessage({ onDelete }: { onDelete: () => Promise<string | null> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (confirming) {
    return (
      // Keyed apart from the Delete button below, so this group mounts afresh and autoFocus moves
      // focus to its first button; a reused element would keep focus on a button whose meaning changed.
      <div key="confirm" className="confirm-delete chat-confirm" role="group" aria-label="Confirm delete">
        <p>Delete this message?</p>
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
          {busy ? 'Deleting…' : 'Delete message'}
        </button>
        <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
    );
  }
  return (
    <div key="actions" className="chat-actions">
      <button type="button" className="chat-action" onClick={() => setConfirming(true)}>
        Delete
      </button>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

const STATUS_TEXT = {
  sending: 'Sending…',
  waiting: 'Waiting to send',
  failed: 'Not sent',
} as const;

export interface OutgoingMessageProps {
  item: OutboxItem;
  online: boolean;
  onRetry: () => void;
}

/** A message written here and not saved yet: sending, waiting for the connection, or failed. */
export function OutgoingMessage({ item, online, onRetry }: OutgoingMessageProps) {
  const status =
    item.status === 'failed' ? 'failed' : item.status === 'pending' && !online ? 'waiting' : 'sending';
  return (
    <li className={`chat-message chat-mine chat-outgoing chat-${status}`}>
      <MessageBody author="You" createdAt={item.writtenAt} text={item.text} />
      <p className="chat-status">{STATUS_TEXT[status]}</p>
      {status === 'failed' ? (
        <div className="chat-actions">
          {item.error ? <p className="field-error">{item.error}</p> : null}
          <button type="button" className="chat-action" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : null}
    </li>
  );
}
