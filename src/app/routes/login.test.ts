import { describe, expect, it, vi } from 'vitest';
import { loader } from './login';

const auth = vi.hoisted(() => ({ currentUser: vi.fn<() => Promise<{ id: string } | null>>() }));
vi.mock('@/features/auth', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  currentUser: auth.currentUser,
}));
vi.mock('@/lib/runtimeConfig', () => ({
  loadRuntimeConfig: () =>
    Promise.resolve({ appId: 'fitstreak', serverURL: '', liveQueryServerURL: '', oidcName: 'Staff ID' }),
}));

const load = (query: string) =>
  loader({ request: new Request(`http://app.test/login${query}`), params: {}, context: undefined } as never);

describe('login loader', () => {
  it('sends a signed-in person who followed a verification link on to their settings', async () => {
    auth.currentUser.mockResolvedValue({ id: 'u1' });

    const outcome = await load('?notice=email-verified&appId=fitstreak');

    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).headers.get('Location')).toBe(
      '/user-settings?section=profile&notice=email-verified',
    );
  });

  it('shows the page, offering the provider of single sign-on, to a visitor signed out, and for any other notice', async () => {
    auth.currentUser.mockResolvedValue(null);
    expect(await load('?notice=email-link-invalid')).toEqual({ oidcName: 'Staff ID' });

    auth.currentUser.mockResolvedValue({ id: 'u1' });
    expect(await load('?notice=logged-out')).toEqual({ oidcName: 'Staff ID' });
    expect(await load('')).toEqual({ oidcName: 'Staff ID' });
  });
});
