import type { AccountStanding } from '@/domain/moderation';
import type { SessionUser } from '@/features/auth/api';

/** What the signed-in frame knows of the person: who they are, their role and any sanction. */
export interface FrameUser extends SessionUser {
  /** null when it could not be asked (offline): the app then shows as for anyone. */
  standing: AccountStanding | null;
}
