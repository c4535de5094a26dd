import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadNamespaces, type Namespace } from '@/i18n';
import { PAGE_MESSAGES } from './pageMessages';
import type { FrameUser } from './frameUser';
import { guardedLoader } from './guards';
import { BootScreen, RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { notFound } from './validity';

type RouteModule = Pick<RouteObject, 'Component' | 'loader' | 'action' | 'shouldRevalidate'>;

/** The message catalogues a route's screen shows; a change of language fetches these anew. */
export interface MessagesHandle {
  namespaces: readonly Namespace[];
}

/** The namespaces the routes matched now show (src/main.tsx hands this to the i18n module). */
export function namespacesOf(matches: readonly { route: { handle?: unknown } }[]): Namespace[] {
  return matches.flatMap(({ route }) => (route.handle as MessagesHandle | undefined)?.namespaces ?? []);
}

/**
 * Loads a route module on demand, with the catalogues of the messages its page shows (in the
 * language shown): the first time beside the module, later in its loader, so a page seen before a
 * change of language gets the new language's messages before it shows again. A module that fails
 * to load (a stale chunk after a deploy, a dropped connection) becomes a route whose loader throws
 * that failure, so the nearest error boundary shows it and the chunk-reload guard can act; a
 * rejected `lazy` would render nothing.
 */
function onDemand(
  load: () => Promise<RouteModule>,
  namespaces: readonly Namespace[],
): () => Promise<RouteModule> {
  return () =>
    Promise.all([load(), loadNamespaces(namespaces)]).then(
      ([module]): RouteModule => {
        const { loader } = module;
        return {
          ...module,
          loader: async (args, context) => {
            const [data] = await Promise.all([
              typeof loader === 'function' ? loader(args, context) : null,
              loadNamespaces(namespaces),
            ]);
            return data;
          },
        };
      },
      (error: unknown) => ({
        loader: () => {
          throw error;
        },
      }),
    );
}

/** A route loaded on demand, showing the messages of `namespaces`. */
function onDemandRoute(
  load: () => Promise<RouteModule>,
  namespaces: readonly Namespace[],
): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: onDemand(load, namespaces), handle: { namespaces } satisfies MessagesHandle };
}

/**
 * The signed-in frame (menu, bell, sync state, log-out) loads with the first signed-in page, not
 * with the public pages' entry; a frame that fails to load shows the error page, whose chunk-reload
 * guard can act.
 */
function appFrame(): Promise<Pick<RouteObject, 'Component'>> {
  return import('./AppLayout').then(
    ({ AppLayout }) => ({ Component: AppLayout }),
    (error: unknown) => ({
      Component: () => {
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
  const route = { ...onDemandRoute(load, namespaces), ErrorBoundary: RouteErrorPage };
  return path === undefined ? { index: true, ...route } : { path, ...route };
}

export function createRoutes(appGuards: readonly string[] = ['authCheck']): RouteObject[] {
  return [
    {
      id: 'root',
      // The messages every page may show (errors, the status bar), fetched beside the page's own
      // module and messages, so the first paint waits for no extra round trip.
      loader: () => loadNamespaces(PAGE_MESSAGES.root).then(() => null),
      shouldRevalidate: () => false,
      handle: { namespaces: PAGE_MESSAGES.root } satisfies MessagesHandle,
      // Posting to "/" targets this route (the pathless app route cannot be addressed): logging out.
      action: async (args) => (await import('./AppLayout')).appAction(args),
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: BootScreen,
      children: [
        { path: 'login', ...onDemandRoute(() => import('./routes/login'), PAGE_MESSAGES.login) },
        { path: 'signup', ...onDemandRoute(() => import('./routes/signup'), PAGE_MESSAGES.signup) },
        {
          path: 'reset-password',
          ...onDemandRoute(() => import('./routes/resetPassword'), PAGE_MESSAGES.resetPassword),
        },
        {
          id: 'app',
          handle: { namespaces: PAGE_MESSAGES.app } satisfies MessagesHandle,
          loader: async (args) => {
            // The app's frame (menu, sync state, shared controls) and its notification bell; the
            // person's standing decides whether the frame shows the app or only a suspension.
            const [user, standing] = await Promise.all([
              guardedLoader(appGuards)(args),
              // Asked beside the guard, from a module loaded on demand (not the entry's).
              import('@/features/moderation/standing')
                .then(({ signedInStanding }) => signedInStanding())
                .catch(() => null),
              loadNamespaces(PAGE_MESSAGES.app).catch(() => undefined),
            ]);
            return user ? ({ ...user, standing } satisfies FrameUser) : null;
          },
          lazy: appFrame,
          children: [
            page(undefined, () => import('./routes/dashboard'), PAGE_MESSAGES.dashboard),
            page('admin', () => import('./routes/admin'), PAGE_MESSAGES.admin),
            page('exercises-chat', () => import('./routes/exercisesChat'), PAGE_MESSAGES.exercisesChat),
            page('friends-ranking', () => import('./routes/friendsRanking'), PAGE_MESSAGES.friendsRanking),
            page('nutrition-log', () => import('./routes/nutritionLog'), PAGE_MESSAGES.nutritionLog),
            page('user-settings', () => import('./routes/userSettings'), PAGE_MESSAGES.userSettings),
            page('weight-tracking', () => import('./routes/weightTracking'), PAGE_MESSAGES.weightTracking),
            page('welcome', () => import('./routes/welcome'), PAGE_MESSAGES.welcome),
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
