import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { useT, type MessageId } from '@/i18n';
import { Logo } from './Logo';
import { LogoutButton } from './LogoutButton';

export const NAV_LINKS: readonly { to: string; label: MessageId }[] = [
  { to: '/', label: 'frame.nav.activity' },
  { to: '/nutrition-log', label: 'frame.nav.nutrition' },
  { to: '/weight-tracking', label: 'frame.nav.weight' },
  { to: '/friends-ranking', label: 'frame.nav.friends' },
  { to: '/exercises-chat', label: 'frame.nav.chat' },
  { to: '/user-settings', label: 'frame.nav.settings' },
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
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="top-nav-account">
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <span className="top-nav-user">{displayName}</span>
        <LogoutButton />
      </div>
    </header>
  );
}
