import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadNamespaces, type Namespace } from '@/i18n';
import { AppLayout, appAction } from './AppLayout';
import { guardedLoader } from './guards';
import { BootScreen, RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { notFound } from './validity';

type RouteModule = Pick<RouteObject, 'Component' | 'loader' | 'action'>;

/**
 * Loads a route module on demand, with the catalogues of the messages its page shows (in the
 * language shown). A module that fails to load (a stale chunk after a deploy, a dropped
 * connection) becomes a route whose loader throws that failure, so the nearest error boundary
 * shows it and the chunk-reload guard can act; a rejected `lazy` would render nothing.
 */
function onDemand(
  load: () => Promise<RouteModule>,
  namespaces: readonly Namespace[],
): () => Promise<RouteModule> {
  return () =>
    Promise.all([load(), loadNamespaces(['domain', ...namespaces])]).then(
      ([module]) => module,
      (error: unknown) => ({
        loader: () => {
          throw error;
        },
      }),
    );
}

/** A page of the app: loaded on demand, and its failures shown inside the app's frame. */
function page(
  path: string | undefined,
  load: () => Promise<RouteModule>,
  namespaces: readonly Namespace[],
): RouteObject {
  const lazy = onDemand(load, namespaces);
  return path === undefined
    ? { index: true, lazy, ErrorBoundary: RouteErrorPage }
    : { path, lazy, ErrorBoundary: RouteErrorPage };
}

export function createRoutes(appGuards: readonly string[] = ['authCheck']): RouteObject[] {
  return [
    {
      id: 'root',
      // Posting to "/" targets this route (the pathless app route cannot be addressed): logging out.
      action: appAction,
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: BootScreen,
      children: [
        { path: 'login', lazy: onDemand(() => import('./routes/login'), ['auth']) },
        { path: 'signup', lazy: onDemand(() => import('./routes/signup'), ['auth']) },
        { path: 'reset-password', lazy: onDemand(() => import('./routes/resetPassword'), ['auth']) },
        {
          id: 'app',
          loader: async (args) => {
            // The notification bell is in every page's frame.
            const [user] = await Promise.all([
              guardedLoader(appGuards)(args),
              loadNamespaces(['notifications']).catch(() => undefined),
            ]);
            return user;
          },
          Component: AppLayout,
          children: [
            page(undefined, () => import('./routes/dashboard'), ['dashboard', 'activity', 'strength']),
            page('exercises-chat', () => import('./routes/exercisesChat'), ['chat', 'challenges']),
            page('friends-ranking', () => import('./routes/friendsRanking'), ['friends', 'challenges']),
            page('nutrition-log', () => import('./routes/nutritionLog'), ['nutrition', 'settings']),
            page('user-settings', () => import('./routes/userSettings'), [
              'settings',
              'imports',
              'weight',
              'activity',
              'strength',
              'auth',
            ]),
            page('weight-tracking', () => import('./routes/weightTracking'), [
              'weight',
              'activity',
              'settings',
            ]),
          ],
        },
        {
          path: '*',
          loader: () => {
            throw notFound();
          },
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
