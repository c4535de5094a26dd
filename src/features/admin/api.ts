import type {
  AdminUsers,
  AssignableRole,
  ModerationQueue,
  ModerationRecord,
  RecordedActionKind,
} from '@/domain/moderation';
import type { ServerStatus, SignupSettings } from '@/domain/serverAdmin';
import type { SignupMode } from '@/domain/signup';
import { callCloud } from '@/lib/cloud';

/** The open reports, newest first; `page` is the previous answer's `next`. */
export function loadQueue(page: string | null): Promise<ModerationQueue> {
  return callCloud('moderationQueue', page ? { status: 'open', page } : { status: 'open' });
}

export function loadAdminUsers(query: string, page: string | null): Promise<AdminUsers> {
  return callCloud('adminUsers', { ...(query ? { query } : {}), ...(page ? { page } : {}) });
}

/** The record's filters, as the page's address holds them: an action, and usernames. */
export interface RecordFilters {
  action?: RecordedActionKind;
  moderator?: string;
  person?: string;
}

export function loadRecord(filters: RecordFilters, before: string | null): Promise<ModerationRecord> {
  return callCloud('moderationRecord', {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.moderator ? { moderatorName: filters.moderator } : {}),
    ...(filters.person ? { targetName: filters.person } : {}),
    ...(before ? { before } : {}),
  });
}

export async function sendPasswordReset(userId: string, reason: string): Promise<void> {
  await callCloud('sendPasswordReset', { userId, reason });
}

export async function deleteAccount(userId: string, reason: string): Promise<void> {
  await callCloud('deleteAccount', { userId, reason });
}

export async function setRole(userId: string, role: AssignableRole): Promise<void> {
  await callCloud('setRole', { userId, role });
}

export async function decideAppeal(appealId: string, upheld: boolean, reason: string): Promise<void> {
  await callCloud('decideAppeal', { appealId, accept: !upheld, reason });
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
