import { Outlet, useRouteLoaderData } from 'react-router';
import { TopNav } from '@/components/TopNav';
import type { SessionUser } from '@/features/auth';

export function Component() {
  const user = useRouteLoaderData<SessionUser | null>('app');
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav displayName={user?.displayName ?? ''} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
