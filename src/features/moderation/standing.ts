import type { AccountStanding } from '@/domain/moderation';
import { getParse } from '@/lib/parse';
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

/**
 * The standing of whoever is signed in on this device, null without anyone or when it cannot be
 * asked (offline: the app then shows as for anyone). The app frame's loader asks it beside the
 * guard's check of the session, loading this module on demand.
 */
export async function signedInStanding(): Promise<AccountStanding | null> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync().catch(() => null);
  if (!user?.id) return null;
  return standingFor(user.id).catch(() => null);
}
