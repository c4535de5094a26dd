import { formatDistanceToNowStrict } from 'date-fns';
import { Bell } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Popup } from '@/components/Popup';
import { settingsPath } from '@/domain/settingsSections';
import { notificationLink, notificationSentence, type NotificationList } from '@/domain/notifications';
import { useT } from '@/i18n';
import { dateFnsLocale } from '@/i18n/dates';
import { errorSentence } from '@/lib/errors';
import { loadNotifications, markAllNotificationsRead, watchNotifications } from '../api';

/**
 * The bell in the top navigation: the count of unread notifications, kept current live, and the
 * list in a window; opening it marks them read.
 */
export default function NotificationBell() {
  const t = useT();
  const [list, setList] = useState<NotificationList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  // Only the newest load's answer is shown: an older one may arrive later and be out of date.
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const load = ++latest.current;
    loadNotifications().then(
      (loaded) => {
        if (load !== latest.current) return;
        setList(loaded);
        setFailure(null);
      },
      (error: unknown) => {
        if (load === latest.current) setFailure(errorSentence(error));
      },
    );
  }, []);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    refresh();
    watchNotifications(refresh).then(
      (unsubscribe) => {
        if (active) stop = unsubscribe;
        else unsubscribe();
      },
      // Without a live connection (offline) the count still comes with each opening.
      () => undefined,
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [refresh]);

  const unread = list?.unread ?? 0;
  const show = () => {
    setOpen(true);
    refresh();
    if (unread > 0) void markAllNotificationsRead().catch(() => undefined);
  };

  return (
    <>
      <button
        type="button"
        className="notification-bell"
        aria-haspopup="dialog"
        aria-label={
          unread === 0 ? t('notifications.title') : t('notifications.bell.unread', { count: unread })
        }
        onClick={show}
      >
        <Bell aria-hidden="true" size={20} />
        {unread > 0 ? (
          <span className="notification-count" aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      <Popup open={open} title={t('notifications.title')} onClose={() => setOpen(false)}>
        {failure ? <p role="alert">{failure}</p> : null}
        {list && list.notifications.length === 0 ? (
          <p className="empty-note">{t('notifications.list.empty')}</p>
        ) : null}
        {list && list.notifications.length > 0 ? (
          <ul className="notification-list">
            {list.notifications.map((notification) => (
              <li key={notification.id} className={notification.read ? undefined : 'unread'}>
                <Link to={notificationLink(notification)} onClick={() => setOpen(false)}>
                  {notificationSentence(notification)}
                </Link>
                <span className="stat-note">
                  {' '}
                  {formatDistanceToNowStrict(new Date(notification.createdAt), {
                    addSuffix: true,
                    locale: dateFnsLocale(),
                  })}
                  {notification.read ? '' : ` · ${t('notifications.list.new')}`}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="notification-settings">
          <Link to={settingsPath('notifications')} onClick={() => setOpen(false)}>
            {t('notifications.list.settings')}
          </Link>
        </p>
      </Popup>
    </>
  );
}
