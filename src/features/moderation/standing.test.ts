import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountStanding } from '@/domain/moderation';
import { forgetStanding, standingFor } from './standing';

const api = vi.hoisted(() => ({
  session: 'token-1',
  currentSession: vi.fn(() => Promise.resolve(api.session)),
  loadStanding: vi.fn<() => Promise<AccountStanding>>(),
}));
vi.mock('./api', () => ({ currentSession: api.currentSession, loadStanding: api.loadStanding }));

const standing = (role: AccountStanding['role']): AccountStanding => ({
  role,
  suspension: null,
  chatMutedUntil: null,
  chatMute: null,
  warnings: [],
});

afterEach(() => {
  forgetStanding();
  api.loadStanding.mockReset();
  api.session = 'token-1';
});

describe('standingFor', () => {
  it('asks once per session, and again after a new log-in', async () => {
    api.loadStanding.mockResolvedValueOnce(standing('user')).mockResolvedValueOnce(standing('moderator'));
    expect((await standingFor('u1')).role).toBe('user');
    expect((await standingFor('u1')).role).toBe('user');
    expect(api.loadStanding).toHaveBeenCalledTimes(1);
    api.session = 'token-2';
    expect((await standingFor('u1')).role).toBe('moderator');
  });

  it('does not keep a failed answer', async () => {
    api.loadStanding.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(standing('admin'));
    await expect(standingFor('u1')).rejects.toThrow('offline');
    expect((await standingFor('u1')).role).toBe('admin');
  });
});
