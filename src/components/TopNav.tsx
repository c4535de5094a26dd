import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { Logo } from './Logo';
import { LogoutButton } from './LogoutButton';

export const NAV_LINKS = [
  { to: '/', label: 'Activity' },
  { to: '/nutrition-log', label: 'Nutrition' },
  { to: '/weight-tracking', label: 'Weight' },
  { to: '/friends-ranking', label: 'Friends' },
  { to: '/exercises-chat', label: 'Chat' },
  { to: '/user-settings', label: 'Settings' },
] as const;

/** Loaded after the first paint: the bell needs the Parse SDK and a live connection. */
const NotificationBell = lazy(() => import('@/features/notifications/components/NotificationBell'));

export interface TopNavProps {
  displayName: string;
}

export function TopNav({ displayName }: TopNavProps) {
  return (
    <header className="top-nav">
      <Logo />
      <nav aria-label="Main">
        <ul>
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'}>
                {link.label}
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
