import { ErrorCode } from '@/domain/errors';
import { useId, useState } from 'react';
import { useT, type MessageId } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import type { PendingChange } from '@/lib/offline/changes';
import { discardChange, retryChange, saveAsNewEntry } from '@/lib/offline/outbox';
import { changeLabel, refusalSentence } from './refusedChangeText';

const ENTRY_DELETED_ELSEWHERE = ErrorCode.OBJECT_NOT_FOUND;

export interface RefusedChangeItemProps {
  change: PendingChange;
  /** Called once the change has left the list (discarded, sent again or saved as new). */
  onSettled: () => void;
}

/** One refused change: what it was, why the server refused it, and what the person can do. */
export function RefusedChangeItem({ change, onSettled }: RefusedChangeItemProps) {
  const t = useT();
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canSaveAsNew = change.op === 'update' && change.refusal?.code === ENTRY_DELETED_ELSEWHERE;
  const actions: { label: MessageId; act: (id: string) => Promise<void> }[] = [
    { label: 'frame.refused.retry', act: retryChange },
    ...(canSaveAsNew ? [{ label: 'frame.refused.saveAsNew' as const, act: saveAsNewEntry }] : []),
    { label: 'frame.refused.discard', act: discardChange },
  ];

  function run(action: (id: string) => Promise<void>): void {
    setBusy(true);
    setFailure(null);
    void action(change.id).then(onSettled, (error: unknown) => {
      console.error(error);
      setBusy(false);
      setFailure(errorSentence(error));
    });
  }

  return (
    <li className="refused-change">
      <p id={labelId} className="refused-change-what">
        {changeLabel(change)}
      </p>
      {change.refusal ? <p className="refused-change-reason">{refusalSentence(change.refusal)}</p> : null}
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        {actions.map(({ label, act }) => (
          <button
            key={label}
            type="button"
            className="button-secondary"
            aria-describedby={labelId}
            disabled={busy}
            onClick={() => run(act)}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </li>
  );
}
