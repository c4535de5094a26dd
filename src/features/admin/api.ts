import type {
  AdminUsers,
  AssignableRole,
  ModerationActionKind,
  ModerationQueue,
  ModerationRecord,
} from '@/domain/moderation';
import type { ServerStatus, SignupSettings } from '@/domain/serverAdmin';
import type { SignupMode } from '@/domain/signup';
import { callCloud } from '@/lib/cloud';

/** The open reports, newest first, a page before `before` (the previous page's `next`). */
export function loadQueue(before: string | null): Promise<ModerationQueue> {
  return callCloud('moderationQueue', before ? { status: 'open', before } : { status: 'open' });
}

export function loadAdminUsers(query: string, before: string | null): Promise<AdminUsers> {
  return callCloud('adminUsers', { ...(query ? { query } : {}), ...(before ? { before } : {}) });
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

export async function decideAppeal(actionId: string, upheld: boolean, reason: string): Promise<void> {
  await callCloud('decideAppeal', { actionId, upheld, reason });
}

export function loadSignupSettings(): Promise<SignupSettings> {
  return callCloud('signupSettings');
}

export async function setSignupMode(mode: SignupMode): Promise<void> {
  await callCloud('setSignupMode', { mode });
}

export function loadServerStatus(): Promise<ServerStatus> {
  return callCloud('serverStatus');
}
