import { format, formatDistanceToNow } from 'date-fns';

export interface StaleNoticeProps {
  /** When the data shown was loaded, if it is the copy kept on this device; null for fresh data. */
  savedAt: string | null;
}

/** Says that a page shows what this device loaded earlier, because the server is out of reach. */
export function StaleNotice({ savedAt }: StaleNoticeProps) {
  if (!savedAt) return null;
  const loaded = new Date(savedAt);
  if (Number.isNaN(loaded.getTime())) {
    return <p className="stale-notice">Offline: showing what was loaded earlier. It may be out of date.</p>;
  }
  return (
    <p className="stale-notice">
      Offline: showing what was loaded{' '}
      <time dateTime={savedAt} title={format(loaded, 'd MMM yyyy, HH:mm')}>
        {formatDistanceToNow(loaded, { addSuffix: true })}
      </time>
      . It may be out of date.
    </p>
  );
}
