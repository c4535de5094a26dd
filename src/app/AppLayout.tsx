import { useEffect } from 'react';
import { Outlet, redirect, useRevalidator, useRouteLoaderData, type ActionFunctionArgs } from 'react-router';
import { TopNav } from '@/components/TopNav';
import { currentUser, logOut, type SessionUser } from '@/features/auth';
import { isNetworkFailure } from '@/lib/errors';
import { discardAllChanges, onSynced, startOutbox, stopOutbox } from '@/lib/offline/outbox';
import { deleteAccountPages } from '@/lib/offline/store';
import { notFound } from './validity';

/**
 * What this device keeps of a person who logs out: their waiting changes, unless they chose to
 * discard them, and none of their pages, so the next person on the device sees nothing of theirs.
 */
async function forgetOnDevice(account: string, discardChanges: boolean): Promise<void> {
  stopOutbox();
  if (discardChanges) await discardAllChanges(account);
  // The copies are only readable by this account; a storage failure must not keep the person logged in.
  await deleteAccountPages(account).catch((error: unknown) => console.error(error));
}

/** The app frame's one write: logging out from the top navigation. */
export async function appAction({ request }: ActionFunctionArgs): Promise<Response> {
  const form = await request.formData();
  if (form.get('intent') !== 'logout') throw notFound();
  const account = (await currentUser())?.id;
  if (account) await forgetOnDevice(account, form.get('queued') === 'discard');
  else stopOutbox();
  try {
    await logOut();
  } catch (error) {
    // The SDK forgets the session on this device before telling the server: when only that last
    // step failed (no network, or a session the server had already ended), the person is logged out.
    if (!isNetworkFailure(error) && (await currentUser())) throw error;
  }
  return redirect('/login?notice=logged-out');
}

/** The signed-in frame: top navigation around the current page. Not lazy: every page needs it. */
export function AppLayout() {
  const user = useRouteLoaderData<SessionUser | null>('app');
  const { revalidate } = useRevalidator();
  const account = user?.id;

  useEffect(() => {
    if (account) void startOutbox(account);
  }, [account]);

  // Once waiting changes reach the server, the pages load its view, which now includes them.
  useEffect(() => onSynced(() => void revalidate()), [revalidate]);

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
