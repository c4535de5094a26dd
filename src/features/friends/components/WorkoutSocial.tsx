import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { COMMENT_MAX_LENGTH, type SocialComment, type WorkoutSocialView } from '@/domain/social';
import { currentLanguage, useT, type Translator } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { refusalIn } from '@/lib/routeActions';
import { FRIENDS_PATH, socialHref } from '../paths';
import type { FriendActionResult, SocialData } from '../types';
import { PersonLabel } from '@/components/PersonLabel';

/** "Sam and 3 others": who gave kudos, as many names as the server gave, then how many more. */
export function kudosLine(t: Translator, { count, names }: WorkoutSocialView['kudos']): string {
  if (count === 0) return t('friends.social.kudosNone');
  if (names.length === 0) return t('friends.social.kudosCount', { count });
  const others = count - names.length;
  const list = new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(names);
  return others > 0
    ? t('friends.social.kudosNamesOthers', { names: names.join(', '), others })
    : t('friends.social.kudosNames', { names: list });
}

export interface WorkoutSocialProps {
  activityId: string;
  /** The menu beside someone else's comment (report, mute), from the page that shows it. */
  commentMenu?: ((comment: SocialComment) => ReactNode) | undefined;
}

/**
 * A workout's kudos and comments as the person may see them, with a form to comment and, on their
 * own comments, edit and delete. Loads from the friends page's loader and writes through its
 * action, so it can sit in the feed or in a workout's window alike.
 */
export function WorkoutSocial({ activityId, commentMenu }: WorkoutSocialProps) {
  const t = useT();
  const { load, data } = useFetcher<SocialData>();
  const href = socialHref(activityId);
  useEffect(() => {
    void load(href);
  }, [href, load]);
  const answer = data?.social.activityId === activityId ? data.social : undefined;
  if (!answer) return <p role="status">{t('friends.social.loading')}</p>;
  if (!answer.view) {
    return (
      <p className="form-error" role="alert">
        {answer.error}
      </p>
    );
  }
  const { view } = answer;
  return (
    <div className="workout-social">
      <p className="kudos-line">{kudosLine(t, view.kudos)}</p>
      {view.comments.length === 0 ? (
        <p className="empty-note">{t('friends.social.noComments')}</p>
      ) : (
        <ul className="comment-list" aria-label={t('friends.social.commentsLabel')}>
          {view.comments.map((comment) => (
            <CommentItem
              key={comment.commentId}
              comment={comment}
              menu={comment.mine ? null : commentMenu?.(comment)}
            />
          ))}
        </ul>
      )}
      {view.commentsOff ? (
        <p className="empty-note">{t('friends.social.commentsOff')}</p>
      ) : (
        <CommentForm activityId={activityId} />
      )}
    </div>
  );
}

function CommentItem({ comment, menu }: { comment: SocialComment; menu: ReactNode }) {
  const t = useT();
  const fetcher = useFetcher<FriendActionResult>();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleting = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? refusalIn(fetcher.data)?.formError : undefined;
  const written = new Date(comment.editedAt ?? comment.createdAt);
  const stopEditing = () => {
    setEditing(false);
    // Back to the button that opened the form.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <li className="comment-item">
      <div className="comment-head">
        <PersonLabel person={comment.author} />
        {menu}
      </div>
      {editing ? (
        <CommentForm commentId={comment.commentId} initialText={comment.text} onDone={stopEditing} />
      ) : (
        <p className="comment-text">{comment.text}</p>
      )}
      <p className="comment-meta">
        <time dateTime={written.toISOString()}>{formatDate(written, t('frame.date.dateTime'))}</time>
        {comment.editedAt ? ` · ${t('friends.social.edited')}` : ''}
        {comment.hidden ? ` · ${t('friends.social.hiddenByModerator')}` : ''}
      </p>
      {!editing && (comment.mine || comment.canDelete) ? (
        <fetcher.Form method="post" action={FRIENDS_PATH} className="comment-actions">
          <input type="hidden" name="commentId" value={comment.commentId} />
          {comment.mine ? (
            <button
              ref={editButton}
              type="button"
              className="button-secondary"
              onClick={() => setEditing(true)}
            >
              {t('friends.social.edit')}
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="deleteComment"
            className="button-secondary"
            disabled={deleting}
          >
            {t('friends.social.delete')}
          </button>
        </fetcher.Form>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

type CommentFormProps =
  | { activityId: string; commentId?: never; initialText?: never; onDone?: never }
  | { activityId?: never; commentId: string; initialText: string; onDone: () => void };

/** A new comment, or the edit of one: 1–500 characters, the count shown as it is typed. */
function CommentForm({ activityId, commentId, initialText, onDone }: CommentFormProps) {
  const t = useT();
  const fetcher = useFetcher<FriendActionResult>();
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const [text, setText] = useState(initialText ?? '');
  const [sent, setSent] = useState<unknown>(undefined);
  const busy = fetcher.state !== 'idle';
  const refusal = fetcher.state === 'idle' ? refusalIn(fetcher.data) : undefined;
  const error = refusal?.fieldErrors?.text ?? refusal?.formError;
  const length = [...text].length;

  // The answer to this form's last send: done clears the box (or closes the edit).
  if (fetcher.state === 'idle' && fetcher.data !== undefined && fetcher.data !== sent) {
    setSent(fetcher.data);
    if (fetcher.data.kind === 'done') {
      if (onDone) onDone();
      else setText('');
    }
  }

  return (
    <fetcher.Form method="post" action={FRIENDS_PATH} className="comment-form">
      {activityId ? <input type="hidden" name="activityId" value={activityId} /> : null}
      {commentId ? <input type="hidden" name="commentId" value={commentId} /> : null}
      <div className="form-field">
        <label htmlFor={fieldId}>
          {t(commentId ? 'friends.social.editLabel' : 'friends.social.commentLabel')}
        </label>
        <textarea
          id={fieldId}
          name="text"
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          required
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={error ? `${counterId} ${errorId}` : counterId}
          aria-invalid={error ? true : undefined}
        />
        <p id={counterId} className="field-hint">
          {t('friends.social.counter', { count: length, max: COMMENT_MAX_LENGTH })}
        </p>
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="comment-actions">
        <button type="submit" name="intent" value={commentId ? 'editComment' : 'addComment'} disabled={busy}>
          {t(commentId ? 'friends.social.save' : 'friends.social.post')}
        </button>
        {onDone ? (
          <button type="button" className="button-secondary" onClick={onDone}>
            {t('friends.social.cancel')}
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
