import type {
  AdminUsers,
  AssignableRole,
  ModerationActionKind,
  ModerationQueue,
  ModerationRecord,
} from '@/domain/moderation';
import { callCloud } from '@/lib/cloud';

/** The open reports, newest first; `page` is the previous answer's `next`. */
export function loadQueue(page: string | null): Promise<ModerationQueue> {
  return callCloud('moderationQueue', page ? { status: 'open', page } : { status: 'open' });
}

export function loadAdminUsers(query: string, page: string | null): Promise<AdminUsers> {
  return callCloud('adminUsers', { ...(query ? { query } : {}), ...(page ? { page } : {}) });
}

export function loadRecord(filters: {
  action?: ModerationActionKind;
  before?: string;
}): Promise<ModerationRecord> {
  return callCloud('moderationRecord', filters);
}

export async function setRole(userId: string, role: AssignableRole): Promise<void> {
  await callCloud('setRole', { userId, role });
}

export async function decideAppeal(appealId: string, upheld: boolean, reason: string): Promise<void> {
  await callCloud('decideAppeal', { appealId, accept: !upheld, reason });
}
