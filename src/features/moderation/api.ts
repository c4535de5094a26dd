import type {
  AccountStanding,
  ModerationActionKind,
  MutedUser,
  ReportKind,
  ReportReason,
} from '@/domain/moderation';
import { ErrorCode } from '@/domain/errors';
import { callCloud } from '@/lib/cloud';
import { getParse } from '@/lib/parse';
import { hasCode } from '@/lib/errors';
import type { ReportOutcome } from './types';

/** The session on this device, so that a new log-in (after a suspension ended the last) asks anew. */
export async function currentSession(): Promise<string> {
  const Parse = await getParse();
  return (await Parse.User.currentAsync())?.getSessionToken() ?? '';
}

/** The signed-in person's role and any sanction on them. */
export function loadStanding(): Promise<AccountStanding> {
  return callCloud('accountStanding');
}

export function loadMutedUsers(): Promise<MutedUser[]> {
  return callCloud('mutedUsers');
}

export async function muteUser(userId: string): Promise<void> {
  await callCloud('muteUser', { userId });
}

export async function unmuteUser(userId: string): Promise<void> {
  await callCloud('unmuteUser', { userId });
}

/** Sends a report; an earlier open report of the same thing by this person answers 'already'. */
export async function reportContent(report: {
  kind: ReportKind;
  id: string;
  reason: ReportReason;
  note: string;
}): Promise<ReportOutcome> {
  try {
    await callCloud('reportContent', {
      kind: report.kind,
      id: report.id,
      reason: report.reason,
      ...(report.note ? { note: report.note } : {}),
    });
    return 'sent';
  } catch (error) {
    if (hasCode(error, ErrorCode.DUPLICATE_VALUE)) return 'already';
    throw error;
  }
}

export async function appealAction(actionId: string, text: string): Promise<void> {
  await callCloud('appealAction', { actionId, text });
}

export interface ModerationRequest {
  action: ModerationActionKind;
  kind: ReportKind;
  id: string;
  reason: string;
  until?: string;
  reportId?: string;
}

export async function moderate(request: ModerationRequest): Promise<void> {
  await callCloud('moderate', request);
}

export async function loadSlowMode(room: string): Promise<number> {
  return (await callCloud('slowMode', { room })).seconds;
}

export async function setSlowMode(room: string, seconds: number): Promise<void> {
  await callCloud('setSlowMode', { room, seconds });
}
