import { Apple, House, MessagesSquare, Scale, Settings, Users, type LucideIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { settingsPath } from '@/domain/settingsSections';
import { useT, type MessageId } from '@/i18n';
import { Logo } from './Logo';
import { LogoutButton } from './LogoutButton';
import { StatusBar } from './StatusBar';

export const NAV_LINKS: readonly { to: string; label: MessageId; icon: LucideIcon }[] = [
  { to: '/', label: 'frame.nav.activity', icon: House },
  { to: '/nutrition-log', label: 'frame.nav.nutrition', icon: Apple },
  { to: '/weight-tracking', label: 'frame.nav.weight', icon: Scale },
  { to: '/friends-ranking', label: 'frame.nav.friends', icon: Users },
  { to: '/exercises-chat', label: 'frame.nav.chat', icon: MessagesSquare },
  { to: '/user-settings', label: 'frame.nav.settings', icon: Settings },
];

/** Loaded after the first paint: the bell needs the Parse SDK and a live connection. */
const NotificationBell = lazy(() => import('@/features/notifications/components/NotificationBell'));

export interface TopNavProps {
  displayName: string;
}

export function TopNav({ displayName }: TopNavProps) {
  const t = useT();
  return (
    <header className="top-nav">
      <Logo />
      <nav aria-label={t('frame.nav.main')}>
        <ul>
          {NAV_LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'}>
                <Icon className="icon icon-lead" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <StatusBar inHeader />
      <div className="top-nav-account">
        {/* The bell's place is kept while it loads, so the header does not move when it arrives. */}
        <Suspense fallback={<span className="notification-bell-placeholder" aria-hidden="true" />}>
          <NotificationBell />
        </Suspense>
        <Link className="top-nav-user" to={settingsPath('profile')}>
          {displayName}
        </Link>
        <LogoutButton />
      </div>
    </header>
  );
}
