import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { guardedLoader, type Guard } from './guards';
import { RouteErrorPage } from './RouteErrorPage';
import { createRoutes } from './router';

function renderAt(path: string, appGuards: readonly string[] = []) {
  const router = createMemoryRouter(createRoutes(appGuards), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('app routes', () => {
  it('shows 404 and the not-found sentence for an unmatched path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it('shows the 404 page when a page’s validity check fails', async () => {
    renderAt('/nutrition-log?date=2026-02-30');
    // The first import of the page module is transformed on demand here, which can take seconds.
    expect(
      await screen.findByRole('heading', { name: 'This page could not be found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('fails with 500 and "Unknown middleware {name}" when a route names an unknown guard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/weight-tracking', ['authCheck2']);
    expect(await screen.findByText('Unknown middleware authCheck2')).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
  });

  it('links every page from the top navigation', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // The pages themselves: the "+" in the menu holds links that log, not pages.
    const hrefs = [...nav.querySelectorAll(':scope > ul > li > a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/nutrition-log',
      '/weight-tracking',
      '/friends-ranking',
      '/exercises-chat',
      '/user-settings',
    ]);
  });
});

describe('guardedLoader', () => {
  it('runs the named guards in order and passes their redirect through', async () => {
    const calls: string[] = [];
    const first: Guard = () => {
      calls.push('first');
      return Promise.resolve(null);
    };
    const second: Guard = async () => {
      await Promise.resolve();
      calls.push('second');
      throw new Response(null, { status: 302, headers: { Location: '/login' } });
    };
    const loader = guardedLoader(['first', 'second'], { first, second });
    const outcome = await loader({
      request: new Request('http://x/'),
      params: {},
      context: undefined,
    } as never).catch((error: unknown) => error);
    expect(calls).toEqual(['first', 'second']);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).headers.get('Location')).toBe('/login');
  });
});

describe('RouteErrorPage', () => {
  function renderFailure(failure: unknown) {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            throw failure;
          },
          Component: () => null,
          ErrorBoundary: RouteErrorPage,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
  }

  it('shows the status, the message and a link home for a thrown response', async () => {
    renderFailure(data('The kettle is busy', { status: 418 }));
    expect(await screen.findByText('418')).toBeInTheDocument();
    expect(screen.getByText('The kettle is busy')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute('href', '/');
  });

  it('defaults to status 500 for an unexpected error and shows its message', async () => {
    renderFailure(new Error('Storage is full'));
    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(screen.getByText('Storage is full')).toBeInTheDocument();
  });
});
