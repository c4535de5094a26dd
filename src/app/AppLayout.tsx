import { Outlet, redirect, useRouteLoaderData, type ActionFunctionArgs } from 'react-router';
import { TopNav } from '@/components/TopNav';
import { logOut, type SessionUser } from '@/features/auth';
import { notFound } from './validity';

/** The app frame's one write: logging out from the top navigation. */
export async function appAction({ request }: ActionFunctionArgs): Promise<Response> {
  const form = await request.formData();
  if (form.get('intent') !== 'logout') throw notFound();
  await logOut();
  return redirect('/login?notice=logged-out');
}

/** The signed-in frame: top navigation around the current page. Not lazy: every page needs it. */
export function AppLayout() {
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
