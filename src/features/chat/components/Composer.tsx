import { useId, useState, type RefObject } from 'react';
import { chatMessageRules } from '@/domain/contract';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';

const MAX_LENGTH = chatMessageRules.text.max;

/** Characters as the server counts them (code points: an emoji is one). */
const lengthOf = (text: string) => [...text].length;

export interface ComposerProps {
  onSend: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** The message field: Enter sends, Shift+Enter starts a new line; focus stays here after sending. */
export function Composer({ onSend, inputRef }: ComposerProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;

  const length = lengthOf(text);
  const tooLong = length > MAX_LENGTH;

  function send() {
    const message = text.trim();
    if (!message) {
      setError(t('chat.composer.empty'));
    } else if (lengthOf(message) > MAX_LENGTH) {
      setError(t('chat.composer.tooLong', { max: MAX_LENGTH }));
    } else {
      onSend(message);
      setText('');
      setError(null);
    }
    inputRef.current?.focus();
  }

  return (
    <form
      className="chat-composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="form-field">
        <label htmlFor={id}>{t('chat.composer.label')}</label>
        <textarea
          ref={inputRef}
          id={id}
          name="text"
          rows={2}
          value={text}
          aria-invalid={error || tooLong ? true : undefined}
          aria-describedby={[hintId, countId, error ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        <div className="chat-composer-notes">
          <p id={hintId} className="field-hint">
            {t('chat.composer.hint')}
          </p>
          <p id={countId} className={tooLong ? 'field-error chat-counter' : 'field-hint chat-counter'}>
            <T
              id="chat.composer.counter"
              values={{ length, max: MAX_LENGTH }}
              components={{ 0: <span className="visually-hidden" /> }}
            />
          </p>
        </div>
        {error ? (
          <p id={errorId} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button-primary chat-send">
        {t('chat.composer.send')}
      </button>
    </form>
  );
}
