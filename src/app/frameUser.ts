import type { AccountStanding } from '@/domain/moderation';
import { currentUser, type SessionUser } from '@/features/auth/api';

/** What the signed-in frame knows of the person: who they are, their role and any sanction. */
export interface FrameUser extends SessionUser {
  /** null when it could not be asked (offline): the app then shows as for anyone. */
  standing: AccountStanding | null;
}

/**
 * The standing of the person signed in on this device, asked beside the guard's check of the
 * session rather than after it (the moderation module loads on demand); null without one.
 */
export async function storedStanding(): Promise<AccountStanding | null> {
  const user = await currentUser().catch(() => null);
  if (!user) return null;
  return import('@/features/moderation/standing')
    .then(({ standingFor }) => standingFor(user.id))
    .catch(() => null);
}

export function frameUser(user: SessionUser | null, standing: AccountStanding | null): FrameUser | null {
  return user ? { ...user, standing } : null;
}
