import type { AccountStanding } from '@/domain/moderation';
import { currentSession, loadStanding } from './api';

let kept: { session: string; standing: Promise<AccountStanding> } | null = null;

/**
 * The signed-in person's standing, asked once per session while the app runs: the frame's loader
 * runs again after every action. A suspension ends the person's sessions, so the log-in after it
 * asks again; a role given meanwhile shows at the next load. A failed answer is not kept.
 */
export async function standingFor(account: string): Promise<AccountStanding> {
  const session = `${account}:${await currentSession()}`;
  if (kept?.session !== session) {
    const standing = loadStanding();
    kept = { session, standing };
    standing.catch(() => {
      if (kept?.standing === standing) kept = null;
    });
  }
  return kept.standing;
}

/** Asks again at the next load (after an appeal). */
export function forgetStanding(): void {
  kept = null;
}
