import type { AccountStanding } from '@/domain/moderation';
import type { SessionUser } from '@/features/auth';

/** What the signed-in frame knows of the person: who they are, their role and any sanction. */
export interface FrameUser extends SessionUser {
  /** null when it could not be asked (offline): the app then shows as for anyone. */
  standing: AccountStanding | null;
}

/** The person's standing, asked once per account (the moderation module loads on demand). */
export async function withStanding(user: SessionUser | null): Promise<FrameUser | null> {
  if (!user) return null;
  const standing = await import('@/features/moderation/standing')
    .then(({ standingFor }) => standingFor(user.id))
    .catch(() => null);
  return { ...user, standing };
}
