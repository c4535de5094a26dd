import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout, appAction } from './AppLayout';
import { guardedLoader } from './guards';
import { BootScreen, RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { notFound } from './validity';

type RouteModule = Pick<RouteObject, 'Component' | 'loader' | 'action'>;

/**
 * Loads a route module on demand. A module that fails to load (a stale chunk after a deploy, a
 * dropped connection) becomes a route whose loader throws that failure, so the nearest error
 * boundary shows it and the chunk-reload guard can act; a rejected `lazy` would render nothing.
 */
function onDemand(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return () =>
    load().catch((error: unknown) => ({
      loader: () => {
        throw error;
      },
    }));
}

/** A page of the app: loaded on demand, and its failures shown inside the app's frame. */
function page(path: string | undefined, load: () => Promise<RouteModule>): RouteObject {
  return path === undefined
    ? { index: true, lazy: onDemand(load), ErrorBoundary: RouteErrorPage }
    : { path, lazy: onDemand(load), ErrorBoundary: RouteErrorPage };
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
        { path: 'login', lazy: onDemand(() => import('./routes/login')) },
        { path: 'signup', lazy: onDemand(() => import('./routes/signup')) },
        { path: 'reset-password', lazy: onDemand(() => import('./routes/resetPassword')) },
        {
          id: 'app',
          loader: guardedLoader(appGuards),
          Component: AppLayout,
          children: [
            page(undefined, () => import('./routes/dashboard')),
            page('exercises-chat', () => import('./routes/exercisesChat')),
            page('friends-ranking', () => import('./routes/friendsRanking')),
            page('nutrition-log', () => import('./routes/nutritionLog')),
            page('user-settings', () => import('./routes/userSettings')),
            page('weight-tracking', () => import('./routes/weightTracking')),
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
