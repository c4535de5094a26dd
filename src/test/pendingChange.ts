import type { PendingChange } from '@/lib/offline/changes';

let seq = 0;

/** A waiting change for tests, with every field a test does not care about filled in. */
export function pendingChange(
  change: Partial<PendingChange> & Pick<PendingChange, 'className' | 'op' | 'target'>,
): PendingChange {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    account: 'alice',
    seq,
    fields: {},
    display: {},
    queuedAt: '2026-11-23T08:00:00.000Z',
    refusal: null,
    ...change,
  };
}
