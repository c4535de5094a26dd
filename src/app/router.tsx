import { createBrowserRouter, redirect, type ActionFunctionArgs, type RouteObject } from 'react-router';
import { logOut } from '@/features/auth';
import { guardedLoader } from './guards';
import { BootScreen, RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { notFound } from './validity';

async function appAction({ request }: ActionFunctionArgs): Promise<Response> {
  const form = await request.formData();
  if (form.get('intent') !== 'logout') throw notFound();
  await logOut();
  return redirect('/login?notice=logged-out');
}

/** A page of the app: loaded on demand, and its failures shown inside the app's frame. */
function page(path: string | undefined, load: RouteObject['lazy']): RouteObject {
  return path === undefined
    ? { index: true, lazy: load, ErrorBoundary: RouteErrorPage }
    : { path, lazy: load, ErrorBoundary: RouteErrorPage };
}

export function createRoutes(appGuards: readonly string[] = ['authCheck']): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: BootScreen,
      children: [
        { path: 'login', lazy: () => import('./routes/login') },
        { path: 'signup', lazy: () => import('./routes/signup') },
        { path: 'reset-password', lazy: () => import('./routes/resetPassword') },
        {
          id: 'app',
          loader: guardedLoader(appGuards),
          action: appAction,
          lazy: () => import('./routes/appLayout'),
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
