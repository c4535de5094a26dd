import type { AccountStanding } from '@/domain/moderation';
import { loadStanding } from './api';

let kept: { account: string; standing: Promise<AccountStanding> } | null = null;

/**
 * The signed-in person's standing, asked once per account while the app runs: the frame's loader
 * runs again after every action, and a role or sanction that changes meanwhile ends the session
 * (a suspension) or shows at the next load. A failed answer is not kept.
 */
export function standingFor(account: string): Promise<AccountStanding> {
  if (kept?.account !== account) {
    const standing = loadStanding();
    kept = { account, standing };
    standing.catch(() => {
      if (kept?.standing === standing) kept = null;
    });
  }
  return kept.standing;
}

/** Asks again at the next load (after an appeal, or a log-out). */
export function forgetStanding(): void {
  kept = null;
}
