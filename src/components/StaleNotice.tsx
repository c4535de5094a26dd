import { formatDistanceToNow } from 'date-fns';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { dateFnsLocale, formatDate } from '@/i18n/dates';

export interface StaleNoticeProps {
  /** When the data shown was loaded, if it is the copy kept on this device; null for fresh data. */
  savedAt: string | null;
}

/** Says that a page shows what this device loaded earlier, because the server is out of reach. */
export function StaleNotice({ savedAt }: StaleNoticeProps) {
  const t = useT();
  if (!savedAt) return null;
  const loaded = new Date(savedAt);
  if (Number.isNaN(loaded.getTime())) {
    return <p className="stale-notice">{t('frame.stale.earlier')}</p>;
  }
  return (
    <p className="stale-notice">
      <T
        id="frame.stale.since"
        values={{ ago: formatDistanceToNow(loaded, { addSuffix: true, locale: dateFnsLocale() }) }}
        components={{ 0: <time dateTime={savedAt} title={formatDate(loaded, t('frame.date.dateTime'))} /> }}
      />
    </p>
  );
}
