import {
  Apple,
  House,
  MessagesSquare,
  Scale,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Fragment, lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { settingsPath } from '@/domain/settingsSections';
import { useT, type MessageId } from '@/i18n';
import { LogMenu } from './LogMenu';
import { Logo } from './Logo';
import { LogoutButton } from './LogoutButton';
import { StatusBar } from './StatusBar';

/**
 * The app's pages. On a phone the menu is a bar at the bottom of the screen, within thumb reach, of
 * the first five; settings are reached there from the person's name in the header.
 */
export const NAV_LINKS: readonly { to: string; label: MessageId; icon: LucideIcon; inPhoneBar: boolean }[] = [
  { to: '/', label: 'frame.nav.today', icon: House, inPhoneBar: true },
  { to: '/nutrition-log', label: 'frame.nav.nutrition', icon: Apple, inPhoneBar: true },
  { to: '/weight-tracking', label: 'frame.nav.weight', icon: Scale, inPhoneBar: true },
  { to: '/friends-ranking', label: 'frame.nav.friends', icon: Users, inPhoneBar: true },
  { to: '/exercises-chat', label: 'frame.nav.chat', icon: MessagesSquare, inPhoneBar: true },
  { to: '/user-settings', label: 'frame.nav.settings', icon: Settings, inPhoneBar: false },
];

/** Where the "+" goes among the phone bar's five pages: after the second, in the middle. */
const PHONE_LOG_POSITION = 2;

/** Loaded after the first paint: the bell needs the Parse SDK and a live connection. */
const NotificationBell = lazy(() => import('@/features/notifications/components/NotificationBell'));

export interface TopNavProps {
  displayName: string;
  /** Moderators and admins get a link to the moderators' page; nobody else's app knows of it. */
  moderator?: boolean;
}

export function TopNav({ displayName, moderator = false }: TopNavProps) {
  const t = useT();
  return (
    <header className="top-nav">
      <Logo />
      <nav aria-label={t('frame.nav.main')}>
        <ul>
          {NAV_LINKS.map(({ to, label, icon: Icon, inPhoneBar }, index) => (
            <Fragment key={to}>
              {/* On a phone the "+" sits in the middle of the bar, within thumb reach. */}
              {index === PHONE_LOG_POSITION ? (
                <li className="top-nav-phone-only">
                  <LogMenu placement="bar" />
                </li>
              ) : null}
              <li className={inPhoneBar ? undefined : 'top-nav-wide-only'}>
                <NavLink to={to} end={to === '/'}>
                  <Icon className="icon icon-lead" />
                  {t(label)}
                </NavLink>
              </li>
            </Fragment>
          ))}
        </ul>
      </nav>
      <StatusBar inHeader />
      <div className="top-nav-account">
        {/* The bell's place is kept while it loads, so the header does not move when it arrives. */}
        <div className="top-nav-wide-only">
          <LogMenu placement="header" />
        </div>
        <Suspense fallback={<span className="notification-bell-placeholder" aria-hidden="true" />}>
          <NotificationBell />
        </Suspense>
        {moderator ? (
          <Link
            className="top-nav-admin"
            to="/admin"
            aria-label={t('frame.nav.admin')}
            title={t('frame.nav.admin')}
          >
            <ShieldCheck className="icon" aria-hidden="true" />
          </Link>
        ) : null}
        <Link className="top-nav-user" to={settingsPath('profile')}>
          {displayName}
        </Link>
        {/* On a phone, logging out is in the settings' list. */}
        <div className="top-nav-wide-only">
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
