import { lazy, Suspense, useEffect } from 'react';
import { Outlet, redirect, useRevalidator, useRouteLoaderData, type ActionFunctionArgs } from 'react-router';
import { TopNav } from '@/components/TopNav';
import { dropWorkoutDraft } from '@/features/activity/draft';
import { dropOnboardingDraft } from '@/features/settings/onboardingDraft';
import { currentUser, logOut, verifySession } from '@/features/auth';
import { chooseLanguage, languageChoice, loadNamespaces, useT } from '@/i18n';
import { moderates } from '@/domain/moderation';
import { hasCode, isNetworkFailure } from '@/lib/errors';
import { ErrorCode } from '@/domain/errors';
import { onLiveQueryClosed } from '@/lib/liveQuery';
import { onSynced } from '@/lib/offline/outboxState';
import { accountChoiceToShow } from '@/lib/deviceChoice';
import { chooseTheme, themeChoice } from '@/lib/theme';
import type { FrameUser } from './frameUser';
import { notFound } from './validity';

/** Only a suspended person's: loaded, with its messages, when the frame finds a suspension. */
const SuspendedPage = lazy(() =>
  Promise.all([
    import('./SuspendedPage'),
    loadNamespaces(['moderation', 'settings', 'domain', 'account']),
  ]).then(([module]) => ({ default: module.SuspendedPage })),
);

/**
 * What this device keeps of a person who logs out: their waiting changes, unless they chose to
 * discard them, and none of their pages nor a workout half logged, so the next person on the
 * device sees nothing of theirs.
 */
async function forgetOnDevice(account: string | undefined, discardChanges: boolean): Promise<void> {
  const [outbox, store] = await Promise.all([loadOutbox(), import('@/lib/offline/store')]);
  outbox.stopOutbox();
  dropWorkoutDraft();
  dropOnboardingDraft();
  // The server drops this device's pushes with the session; the browser's subscription goes now.
  await import('@/lib/push')
    .then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice())
    .catch((error: unknown) => console.error(error));
  if (!account) return;
  if (discardChanges) await outbox.discardAllChanges(account);
  // The copies are only readable by this account; a storage failure must not keep the person logged in.
  await store.deleteAccountPages(account).catch((error: unknown) => console.error(error));
}

/** The queue's machinery (IndexedDB, sending) loads after the first paint, not with the frame. */
function loadOutbox() {
  return import('@/lib/offline/outbox');
}

/** The app frame's one write: logging out from the top navigation. */
export async function appAction({ request }: ActionFunctionArgs): Promise<Response> {
  const form = await request.formData();
  if (form.get('intent') !== 'logout') throw notFound();
  await forgetOnDevice((await currentUser())?.id, form.get('queued') === 'discard');
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
  const t = useT();
  const user = useRouteLoaderData<FrameUser | null>('app');
  const { revalidate } = useRevalidator();
  const account = user?.id;

  useEffect(() => {
    if (account) void loadOutbox().then((outbox) => outbox.startOutbox(account));
  }, [account]);

  // The theme and language kept with the account win over this device's copies (a choice made on
  // another device), read in one request once the person is in; a choice made here while that
  // request was on its way is newer, and stays.
  useEffect(() => {
    if (!account) return;
    const asked = { theme: themeChoice(), language: languageChoice() };
    import('@/features/settings/api')
      .then(({ loadAppearance }) => loadAppearance())
      .then(({ theme, language }) => {
        const shownTheme = accountChoiceToShow(asked.theme, themeChoice(), theme);
        if (shownTheme !== null) chooseTheme(shownTheme);
        const shownLanguage = accountChoiceToShow(asked.language, languageChoice(), language);
        return shownLanguage === null ? undefined : chooseLanguage(shownLanguage);
      })
      .catch(() => undefined);
  }, [account]);

  // Pushes this person turned on here reach this device again after a new log-in.
  useEffect(() => {
    if (!account) return;
    import('@/lib/push').then(({ resumePush }) => resumePush(account)).catch(() => undefined);
  }, [account]);

  // The server closes the live socket of a session it ended (the password changed or this device
  // signed out from another one): the guard then sends the person to the login page at once.
  useEffect(
    () =>
      onLiveQueryClosed(() => {
        verifySession().catch((error: unknown) => {
          if (hasCode(error, ErrorCode.INVALID_SESSION_TOKEN)) void revalidate();
        });
      }),
    [revalidate],
  );

  // Once waiting changes reach the server, the pages load its view, which now includes them.
  useEffect(() => onSynced(() => void revalidate()), [revalidate]);

  const suspension = user?.standing?.suspension;
  if (suspension) {
    return (
      <Suspense fallback={null}>
        <SuspendedPage suspension={suspension} />
      </Suspense>
    );
  }

  return (
    <>
      <a className="skip-link" href="#main">
        {t('frame.nav.skip')}
      </a>
      <TopNav
        displayName={user?.displayName ?? ''}
        moderator={user?.standing ? moderates(user.standing.role) : false}
      />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
