import { parseRoomKey } from '../../src/domain/chatRooms';
import { isObjectId } from '../../src/domain/ids';
import {
  ACTION_REASON_MAX,
  ACTION_REASON_MIN,
  ACTION_TARGETS,
  ADMIN_USERS_PAGE,
  administers,
  APPEAL_TEXT_MAX,
  APPEAL_TEXT_MIN,
  isAssignableRole,
  isReportStatus,
  MAX_SANCTION_DAYS,
  MODERATION_ACTIONS,
  moderates,
  RECENT_WARNING_DAYS,
  RECENT_WARNINGS,
  RECORD_PAGE,
  RECORDED_ACTIONS,
  USERNAME_FILTER_MAX,
  REPORT_KINDS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  ASSIGNABLE_ROLES,
  SLOW_MODE_MAX_SECONDS,
  SLOW_MODE_MIN_SECONDS,
  UNTIL_LIFTED,
  type AccountStanding,
  type AdminUserRow,
  type AdminUsers,
  type ModerationActionKind,
  type ModerationRecord,
  type RecordedActionKind,
  type MutedUser,
  type ReportKind,
  type Role,
} from '../../src/domain/moderation';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages';
import { notificationSentence, type NotificationKind } from '../../src/domain/notifications';
import { t } from '../../src/i18n/messages';
import { inLanguage } from '../../server/http/i18n';
import { languagesOf } from '../languages';
import { administratorCount, holdersOf, giveRole, roleOf, rolesOf, STAFF_ROLES } from '../admins';
import {
  MASTER,
  Parse,
  refusal,
  requireUser,
  userPointer,
  validationError,
  type CloudObject,
  type ParseUser,
} from '../parse';
import { privateMessageAcl } from '../roomReaders';
import { chatRoomRuleClass } from '../schema/chatRoomRule';
import { moderationActionClass } from '../schema/moderationAction';
import { muteClass } from '../schema/mute';
import { reportClass } from '../schema/report';
import { queryOf, rowOf, type RowOf } from '../schema/rows';
import { MAX_MUTES, mutedIdsOf } from '../store/mutes';
import { isSuspended, viewableActivity } from '../store/sharing';
import { untilOrLifted } from '../suspension';
import { slowModeOf } from '../store/slowMode';
import { defineFunction, type CloudRequest } from './define';
import { moderationQueue } from './moderationQueue';
import { actionRowsOf, appealOf, recordAction } from '../store/moderation';
import { notify } from './notifications';
import { profiles, shownName } from './profiles';

const DAY_MS = 24 * 60 * 60 * 1000;

type ActionRow = RowOf<typeof moderationActionClass>;

// Parameters

export function readId(value: unknown, field: string): string {
  if (!isObjectId(value)) throw validationError('server.moderation.id', { field });
  return value;
}

function readOneOf<T extends string>(value: unknown, field: string, values: readonly T[]): T {
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw validationError('server.params.oneOf', { field, values: values.join(', ') });
  }
  return value as T;
}

export function readText(value: unknown, field: string, min: number, max: number): string {
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text.length < min || text.length > max) {
    throw validationError('server.moderation.textLength', { field, min, max });
  }
  return text;
}

/** A page's cursor: the instant the previous page ended at, named `field` in a refusal. */
export function readBefore(value: unknown, field = 'before'): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const at = typeof value === 'string' ? new Date(value) : undefined;
  if (!at || Number.isNaN(at.getTime())) throw validationError('server.moderation.instant', { field });
  return at;
}

/** A sanction's end: an instant in the future, at most MAX_SANCTION_DAYS ahead. */
function readUntil(value: unknown, now: Date): Date {
  const at = typeof value === 'string' ? new Date(value) : undefined;
  if (
    !at ||
    Number.isNaN(at.getTime()) ||
    at <= now ||
    at.getTime() > now.getTime() + MAX_SANCTION_DAYS * DAY_MS
  ) {
    throw validationError('server.moderation.until', { field: 'until', days: MAX_SANCTION_DAYS });
  }
  return at;
}

// Who asks

async function requireModerator(request: { user?: ParseUser | undefined }) {
  const { user, userId } = requireUser(request.user);
  const role = await roleOf(userId);
  if (!moderates(role)) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.moderatorsOnly');
  return { user, userId, role };
}

export async function requireAdmin(request: { user?: ParseUser | undefined }) {
  const { user, userId } = requireUser(request.user);
  const role = await roleOf(userId);
  if (!administers(role)) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.adminsOnly');
  return { user, userId, role };
}

const RANK: Readonly<Record<Role, number>> = { user: 0, moderator: 1, admin: 2, owner: 3 };

// Mute

async function muteUser(request: CloudRequest<'muteUser'>): Promise<{ muted: true }> {
  const { userId } = requireUser(request.user);
  const mutedId = readId(request.params.userId, 'userId');
  if (mutedId === userId) throw validationError('server.moderation.notYourself', { field: 'userId' });
  const person = await new Parse.Query(Parse.User).get(mutedId, MASTER).catch(() => undefined);
  if (!person) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noPerson');
  const existing = await queryOf(muteClass)
    .equalTo('user', userPointer(userId))
    .equalTo('muted', userPointer(mutedId))
    .first(MASTER);
  if (existing) return { muted: true };
  if ((await mutedIdsOf(userId)).size >= MAX_MUTES) {
    throw validationError('server.moderation.tooManyMutes', { field: 'userId', max: MAX_MUTES });
  }
  const row = rowOf(muteClass);
  row.set({ user: userPointer(userId), muted: userPointer(mutedId) });
  const acl = new Parse.ACL();
  acl.setReadAccess(userId, true);
  row.setACL(acl);
  await row.save(null, MASTER);
  return { muted: true };
}

async function unmuteUser(request: CloudRequest<'unmuteUser'>): Promise<{ muted: false }> {
  const { userId } = requireUser(request.user);
  const mutedId = readId(request.params.userId, 'userId');
  const rows = await queryOf(muteClass)
    .equalTo('user', userPointer(userId))
    .equalTo('muted', userPointer(mutedId))
    .find(MASTER);
  if (rows.length > 0) await Parse.Object.destroyAll(rows, MASTER);
  return { muted: false };
}

async function mutedUsers(request: CloudRequest<'mutedUsers'>): Promise<MutedUser[]> {
  const { userId } = requireUser(request.user);
  const found = await profiles([...(await mutedIdsOf(userId))]);
  return [...found.values()].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

// Targets

interface Target {
  /** The person it is about: the author or owner of the content, or the person. */
  userId: string | undefined;
  row: CloudObject;
}

/** The thing an action is about, read with the master key; undefined when it does not exist. */
async function targetOf(kind: ReportKind, id: string): Promise<Target | undefined> {
  const get = (className: string) => new Parse.Query(className).get(id, MASTER).catch(() => undefined);
  switch (kind) {
    case 'message': {
      const row = await get('ChatMessage');
      return row && { row, userId: (row.get('author') as ParseUser | undefined)?.id };
    }
    case 'comment': {
      const row = await get('Comment');
      return row && { row, userId: (row.get('author') as ParseUser | undefined)?.id };
    }
    case 'activity': {
      const row = await get('Activity');
      return row && { row, userId: (row.get('user') as ParseUser | undefined)?.id };
    }
    case 'user': {
      const row = await new Parse.Query(Parse.User).get(id, MASTER).catch(() => undefined);
      return row && { row, userId: row.id };
    }
  }
}

/**
 * The thing a person reports, if they can see it: a chat message their session may read, a comment
 * on or a workout they may view, another person. Anything else answers undefined, as if it did not
 * exist.
 */
async function reportableBy(reporter: ParseUser, kind: ReportKind, id: string): Promise<Target | undefined> {
  const reporterId = reporter.id ?? '';
  switch (kind) {
    case 'message': {
      const sessionToken = reporter.getSessionToken();
      const row = await new Parse.Query('ChatMessage')
        .get(id, sessionToken ? { sessionToken } : {})
        .catch(() => undefined);
      return row && { row, userId: (row.get('author') as ParseUser | undefined)?.id };
    }
    case 'comment': {
      const row = await new Parse.Query('Comment').get(id, MASTER).catch(() => undefined);
      const activityId = (row?.get('activity') as CloudObject | undefined)?.id;
      if (!row || !activityId || row.get('moderationHidden') === true) return undefined;
      const authorId = (row.get('author') as ParseUser | undefined)?.id;
      if (authorId !== reporterId && !(await viewableActivity(reporterId, activityId))) return undefined;
      return { row, userId: authorId };
    }
    case 'activity': {
      const row = await viewableActivity(reporterId, id);
      return row && { row, userId: row.get('user').id };
    }
    case 'user':
      return targetOf('user', id);
  }
}

// Reports

async function reportContent(request: CloudRequest<'reportContent'>): Promise<{ reportId: string }> {
  const { user, userId } = requireUser(request.user);
  const { params } = request;
  const kind = readOneOf(params.kind, 'kind', REPORT_KINDS);
  const targetId = readId(params.id, 'id');
  const reason = readOneOf(params.reason, 'reason', REPORT_REASONS);
  if (params.note !== undefined && params.note !== null && typeof params.note !== 'string') {
    throw validationError('server.moderation.textLength', { field: 'note', min: 0, max: REPORT_NOTE_MAX });
  }
  const note = typeof params.note === 'string' ? readText(params.note, 'note', 0, REPORT_NOTE_MAX) : '';
  const target = await reportableBy(user, kind, targetId);
  if (!target) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.nothingToReport');
  if (target.userId === userId) throw validationError('server.moderation.notYourself', { field: 'id' });
  const open = await queryOf(reportClass)
    .equalTo('reporter', userPointer(userId))
    .equalTo('kind', kind)
    .equalTo('targetId', targetId)
    .equalTo('status', 'open')
    .first(MASTER);
  if (open) throw refusal(Parse.Error.DUPLICATE_VALUE, 'server.moderation.alreadyReported');
  const row = rowOf(reportClass);
  row.set({ reporter: userPointer(userId), kind, targetId, reason, status: 'open' });
  if (note) row.set('note', note);
  if (target.userId) row.set('targetUser', userPointer(target.userId));
  row.setACL(new Parse.ACL());
  await row.save(null, MASTER);
  const staff = new Set((await Promise.all(STAFF_ROLES.map(holdersOf))).flat());
  staff.delete(userId);
  if (target.userId) staff.delete(target.userId);
  await Promise.all([...staff].map((id) => notify(id, 'report-received')));
  return { reportId: row.id ?? '' };
}

// Actions

/** Whether the action acts on a person rather than on content. */
const onPerson = (action: ModerationActionKind) =>
  action === 'warn' || action === 'chatMute' || action === 'suspend' || action === 'lift';

/** The ACL a chat message has when nobody has hidden it (cloud/classes/chatMessage.ts). */
function visibleMessageAcl(message: CloudObject, authorId: string) {
  const room = parseRoomKey(String(message.get('room')));
  if (room && room.kind !== 'topic') return privateMessageAcl(room, authorId);
  const acl = new Parse.ACL();
  acl.setPublicReadAccess(true);
  acl.setWriteAccess(authorId, true);
  return acl;
}

/** Hides or shows again a message, a comment or a workout: nobody but its author sees it hidden. */
async function setHidden(kind: ReportKind, target: Target, hidden: boolean): Promise<void> {
  const { row, userId } = target;
  if (kind === 'message') {
    if (!userId) return;
    if (hidden) {
      // Its author alone reads it now: LiveQuery drops it from everyone else's open rooms at once.
      const acl = new Parse.ACL();
      acl.setReadAccess(userId, true);
      acl.setWriteAccess(userId, true);
      row.setACL(acl);
      row.set('hiddenAt', new Date());
    } else {
      row.setACL(visibleMessageAcl(row, userId));
      row.unset('hiddenAt');
    }
  } else if (hidden) {
    row.set('moderationHidden', true);
  } else {
    row.unset('moderationHidden');
  }
  await row.save(null, MASTER);
}

/** Ends every session of the person: their open pages and sockets on every node sign out. */
async function endSessions(userId: string): Promise<void> {
  for (;;) {
    const sessions = await new Parse.Query('_Session')
      .equalTo('user', userPointer(userId))
      .limit(1000)
      .find(MASTER);
    if (sessions.length === 0) return;
    await Parse.Object.destroyAll(sessions, MASTER);
  }
}

async function setPersonFields(userId: string, change: (person: ParseUser) => void): Promise<void> {
  const person = await new Parse.Query(Parse.User).get(userId, MASTER);
  change(person);
  await person.save(null, MASTER);
}

const NOTIFIED: Partial<Record<ModerationActionKind, NotificationKind>> = {
  warn: 'moderation-warning',
  hide: 'moderation-hidden',
  chatMute: 'moderation-chat-mute',
  suspend: 'moderation-suspension',
  lift: 'moderation-lifted',
};

/**
 * Tells the person acted on, under the bell and by push, and by mail in their language (the
 * server's mail adapter writes it; a failure to mail is logged, the action stands).
 */
export async function tellPerson(userId: string, kind: NotificationKind, reason: string): Promise<void> {
  await notify(userId, kind, { subject: reason });
  try {
    const person = await new Parse.Query(Parse.User).get(userId, MASTER);
    const email: unknown = person.get('email');
    if (typeof email !== 'string' || email === '') return;
    const language = (await languagesOf([userId])).get(userId) ?? DEFAULT_LANGUAGE;
    const row = { id: '', kind, actor: null, subject: reason, challengeId: null, createdAt: '', read: false };
    const mail = inLanguage(language, () => ({
      subject: t('server.mail.moderationSubject', { appName: 'FITSTREAK' }),
      text: notificationSentence(row),
    }));
    await Parse.Cloud.sendEmail({ to: email, ...mail });
  } catch (error) {
    console.error(`Could not mail ${userId} about ${kind}:`, error);
  }
}

async function moderate(request: CloudRequest<'moderate'>): Promise<{ actionId: string; resolved: number }> {
  const { user, userId, role } = await requireModerator(request);
  const { params } = request;
  const now = new Date();
  const action = readOneOf(params.action, 'action', MODERATION_ACTIONS);
  const targetKind = readOneOf(params.kind, 'kind', REPORT_KINDS);
  if (!ACTION_TARGETS[action].includes(targetKind)) {
    throw validationError('server.params.oneOf', {
      field: 'kind',
      values: ACTION_TARGETS[action].join(', '),
    });
  }
  const targetId = readId(params.id, 'id');
  const reason = readText(params.reason, 'reason', ACTION_REASON_MIN, ACTION_REASON_MAX);
  const until =
    action === 'chatMute' || (action === 'suspend' && params.until !== undefined && params.until !== null)
      ? readUntil(params.until, now)
      : undefined;
  const report =
    params.reportId === undefined || params.reportId === null
      ? undefined
      : await queryOf(reportClass)
          .get(readId(params.reportId, 'reportId'), MASTER)
          .catch(() => {
            throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noReport');
          });
  if (action === 'dismiss' && !report)
    throw validationError('server.moderation.dismissNeedsReport', { field: 'reportId' });
  if (report && (report.get('kind') !== targetKind || report.get('targetId') !== targetId)) {
    throw validationError('server.moderation.reportElsewhere', { field: 'reportId' });
  }
  const target = await targetOf(targetKind, targetId);
  if (!target && action !== 'dismiss')
    throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noTarget');
  const personId = target?.userId;
  if (onPerson(action)) {
    if (!personId) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noTarget');
    if (personId === userId) throw validationError('server.moderation.notYourself', { field: 'id' });
    if (RANK[await roleOf(personId)] >= RANK[role]) {
      throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.outranked');
    }
  }

  if (target && (action === 'hide' || action === 'unhide'))
    await setHidden(targetKind, target, action === 'hide');
  if (personId && action === 'chatMute' && until) {
    await setPersonFields(personId, (person) => person.set('chatMutedUntil', until));
  }
  if (personId && action === 'suspend') {
    await setPersonFields(personId, (person) => person.set('suspendedUntil', until ?? UNTIL_LIFTED));
    await endSessions(personId);
  }
  if (personId && action === 'lift') {
    await setPersonFields(personId, (person) => {
      person.unset('suspendedUntil');
      person.unset('chatMutedUntil');
    });
  }

  const actionId = await recordAction({
    moderator: user,
    action,
    targetKind,
    targetId,
    reason,
    personId,
    until: action === 'suspend' ? (until ?? UNTIL_LIFTED) : until,
    reportId: report?.id,
  });

  let resolved = 0;
  if (report) {
    const open = await queryOf(reportClass)
      .equalTo('kind', targetKind)
      .equalTo('targetId', targetId)
      .equalTo('status', 'open')
      .limit(1000)
      .find(MASTER);
    for (const each of open) {
      each.set('status', 'resolved');
      each.set('resolution', { actionId, action, at: now.toISOString() });
    }
    await Parse.Object.saveAll(open, MASTER);
    resolved = open.length;
    const reporters = new Set(open.map((each) => each.get('reporter').id ?? ''));
    await Promise.all([...reporters].filter(Boolean).map((id) => notify(id, 'report-resolved')));
  }
  const told = NOTIFIED[action];
  if (personId && told) await tellPerson(personId, told, reason);
  return { actionId, resolved };
}

// Appeals

const APPEALABLE: readonly RecordedActionKind[] = ['hide', 'warn', 'chatMute', 'suspend'];

async function appealAction(
  request: CloudRequest<'appealAction'>,
): Promise<{ appealId: string; outcome: 'pending' }> {
  const { userId } = requireUser(request.user);
  const actionId = readId(request.params.actionId, 'actionId');
  const text = readText(request.params.text, 'text', APPEAL_TEXT_MIN, APPEAL_TEXT_MAX);
  const row = await queryOf(moderationActionClass)
    .get(actionId, MASTER)
    .catch(() => undefined);
  // Another person's action answers as if there were none: its existence is not told.
  if (!row || row.get('targetUser')?.id !== userId) {
    throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noAction');
  }
  if (!APPEALABLE.includes(row.get('action')))
    throw validationError('server.moderation.notAppealable', { field: 'actionId' });
  if (row.get('appeal')) throw refusal(Parse.Error.DUPLICATE_VALUE, 'server.moderation.alreadyAppealed');
  row.set('appeal', {
    text,
    at: new Date().toISOString(),
    outcome: 'pending',
    decidedBy: null,
    reason: null,
  });
  await row.save(null, MASTER);
  const staff = new Set((await Promise.all(STAFF_ROLES.map(holdersOf))).flat());
  staff.delete(userId);
  await Promise.all([...staff].map((id) => notify(id, 'report-received')));
  return { appealId: actionId, outcome: 'pending' };
}

/**
 * Moderators decide appeals, but not of their own actions while another moderator (or admin or
 * owner) exists: a second pair of eyes where there is one.
 */
async function decideAppeal(
  request: CloudRequest<'decideAppeal'>,
): Promise<{ outcome: 'upheld' | 'overturned' }> {
  const { user, userId } = await requireModerator(request);
  const actionId = readId(request.params.appealId, 'appealId');
  const { accept } = request.params;
  if (typeof accept !== 'boolean') throw validationError('server.params.trueOrFalse', { field: 'accept' });
  const upheld = !accept;
  const reason = readText(request.params.reason, 'reason', ACTION_REASON_MIN, ACTION_REASON_MAX);
  const row = await queryOf(moderationActionClass)
    .get(actionId, MASTER)
    .catch(() => undefined);
  if (!row) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noAction');
  const appeal = appealOf(row);
  if (appeal?.outcome !== 'pending')
    throw validationError('server.moderation.noPendingAppeal', { field: 'appealId' });
  const personId = row.get('targetUser')?.id;
  if (personId === userId) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.ownAppeal');
  if (row.get('moderator').id === userId) {
    const staff = new Set((await Promise.all(STAFF_ROLES.map(holdersOf))).flat());
    staff.delete(userId);
    if (personId) staff.delete(personId);
    if (staff.size > 0) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.anotherDecides');
  }
  const outcome = upheld ? 'upheld' : 'overturned';
  if (!upheld) await undo(row);
  row.set('appeal', {
    text: appeal.text,
    at: appeal.at,
    outcome,
    decidedBy: String(user.get('username')),
    decidedById: userId,
    reason,
    decidedAt: new Date().toISOString(),
  });
  await row.save(null, MASTER);
  if (personId) await tellPerson(personId, upheld ? 'appeal-upheld' : 'appeal-overturned', reason);
  return { outcome };
}

/** Undoes an action whose appeal was accepted: shows the content again, ends the mute or suspension. */
async function undo(row: ActionRow): Promise<void> {
  const action = row.get('action');
  const personId = row.get('targetUser')?.id;
  if (action === 'hide') {
    const target = await targetOf(row.get('targetKind'), row.get('targetId'));
    if (target) await setHidden(row.get('targetKind'), target, false);
  }
  if (personId && action === 'suspend') {
    await setPersonFields(personId, (person) => person.unset('suspendedUntil')).catch(() => undefined);
  }
  if (personId && action === 'chatMute') {
    await setPersonFields(personId, (person) => person.unset('chatMutedUntil')).catch(() => undefined);
  }
}

// The person's own standing

async function accountStanding(request: CloudRequest<'accountStanding'>): Promise<AccountStanding> {
  const { userId } = requireUser(request.user);
  const now = new Date();
  const person = await new Parse.Query(Parse.User).get(userId, MASTER);
  const mine = () => queryOf(moderationActionClass).equalTo('targetUser', userPointer(userId));
  const chatMutedUntil = person.get('chatMutedUntil') as Date | undefined;
  const chatMuted = chatMutedUntil !== undefined && chatMutedUntil > now;
  const [role, suspension, chatMute, warnings] = await Promise.all([
    roleOf(userId),
    isSuspended(person, now)
      ? mine().equalTo('action', 'suspend').descending('createdAt').first(MASTER)
      : Promise.resolve(undefined),
    chatMuted
      ? mine().equalTo('action', 'chatMute').descending('createdAt').first(MASTER)
      : Promise.resolve(undefined),
    mine()
      .equalTo('action', 'warn')
      .greaterThan('createdAt', new Date(now.getTime() - RECENT_WARNING_DAYS * DAY_MS))
      .descending('createdAt')
      .limit(RECENT_WARNINGS)
      .find(MASTER),
  ]);
  const suspendedUntil = person.get('suspendedUntil') as Date | undefined;
  return {
    role,
    suspension:
      isSuspended(person, now) && suspendedUntil
        ? {
            until: untilOrLifted(suspendedUntil),
            reason: suspension?.get('reason') ?? '',
            actionId: suspension?.id ?? '',
            appeal: suspension ? appealOf(suspension) : null,
          }
        : null,
    chatMutedUntil: chatMuted ? chatMutedUntil.toISOString() : null,
    chatMute:
      chatMuted && chatMute
        ? {
            until: chatMutedUntil.toISOString(),
            reason: chatMute.get('reason'),
            actionId: chatMute.id ?? '',
            appeal: appealOf(chatMute),
          }
        : null,
    warnings: warnings.map((row) => ({
      actionId: row.id ?? '',
      reason: row.get('reason'),
      createdAt: (row.createdAt ?? now).toISOString(),
      appeal: appealOf(row),
    })),
  };
}

// Slow mode

function readTopicRoom(value: unknown): string {
  const room = typeof value === 'string' ? parseRoomKey(value) : null;
  if (!room) throw validationError('server.chat.unknownRoom');
  return room.key;
}

async function setSlowMode(request: CloudRequest<'setSlowMode'>): Promise<{ room: string; seconds: number }> {
  await requireModerator(request);
  const room = readTopicRoom(request.params.room);
  if (parseRoomKey(room)?.kind !== 'topic')
    throw validationError('server.moderation.topicRoomsOnly', { field: 'room' });
  const { seconds } = request.params;
  if (
    typeof seconds !== 'number' ||
    !Number.isInteger(seconds) ||
    seconds < SLOW_MODE_MIN_SECONDS ||
    seconds > SLOW_MODE_MAX_SECONDS
  ) {
    throw validationError('server.moderation.slowMode', {
      field: 'seconds',
      min: SLOW_MODE_MIN_SECONDS,
      max: SLOW_MODE_MAX_SECONDS,
    });
  }
  const rule =
    (await queryOf(chatRoomRuleClass).equalTo('room', room).first(MASTER)) ?? rowOf(chatRoomRuleClass);
  rule.set({ room, slowModeSeconds: seconds });
  rule.setACL(new Parse.ACL());
  await rule.save(null, MASTER);
  return { room, seconds };
}

async function slowMode(request: CloudRequest<'slowMode'>): Promise<{ room: string; seconds: number }> {
  requireUser(request.user);
  const room = readTopicRoom(request.params.room);
  return { room, seconds: parseRoomKey(room)?.kind === 'topic' ? await slowModeOf(room) : 0 };
}

// The record and the people

/**
 * Narrows the record to the account with this username, or, where no account has it now (a
 * deleted one), to the rows that kept it as the name of the moderator or the person acted on.
 */
async function byName(
  query: Parse.Query<ActionRow>,
  username: string,
  pointer: 'moderator' | 'targetUser',
  keptName: 'moderatorName' | 'targetName',
): Promise<void> {
  const account = await new Parse.Query(Parse.User).equalTo('username', username).first(MASTER);
  if (account?.id) query.equalTo(pointer, userPointer(account.id));
  else query.equalTo(keptName, username);
}

async function moderationRecord(request: CloudRequest<'moderationRecord'>): Promise<ModerationRecord> {
  await requireAdmin(request);
  const { params } = request;
  const query = queryOf(moderationActionClass)
    .descending('createdAt')
    .limit(RECORD_PAGE + 1);
  if (params.moderatorId !== undefined)
    query.equalTo('moderator', userPointer(readId(params.moderatorId, 'moderatorId')));
  if (params.targetUserId !== undefined) {
    query.equalTo('targetUser', userPointer(readId(params.targetUserId, 'targetUserId')));
  }
  if (params.action !== undefined)
    query.equalTo('action', readOneOf(params.action, 'action', RECORDED_ACTIONS));
  if (params.moderatorName !== undefined) {
    const name = readText(params.moderatorName, 'moderatorName', 1, USERNAME_FILTER_MAX);
    await byName(query, name, 'moderator', 'moderatorName');
  }
  if (params.targetName !== undefined) {
    const name = readText(params.targetName, 'targetName', 1, USERNAME_FILTER_MAX);
    await byName(query, name, 'targetUser', 'targetName');
  }
  const before = readBefore(params.before);
  if (before) query.lessThan('createdAt', before);
  const rows = await query.find(MASTER);
  const page = rows.slice(0, RECORD_PAGE);
  const last = page.at(-1);
  return {
    actions: await actionRowsOf(page),
    next: rows.length > RECORD_PAGE && last?.createdAt ? last.createdAt.toISOString() : null,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function adminUsers(request: CloudRequest<'adminUsers'>): Promise<AdminUsers> {
  const { role } = await requireModerator(request);
  const mayReadEmail = administers(role);
  const { params } = request;
  const text =
    params.query === undefined || params.query === null ? '' : readText(params.query, 'query', 0, 100);
  const before = readBefore(params.page, 'page');
  const matching = (field: string) => {
    const query = new Parse.Query(Parse.User);
    if (text) query.matches(field, new RegExp(`^${escapeRegExp(text)}`), 'i');
    return query;
  };
  const query =
    text && mayReadEmail ? Parse.Query.or(matching('username'), matching('email')) : matching('username');
  query.descending('createdAt').limit(ADMIN_USERS_PAGE + 1);
  if (before) query.lessThan('createdAt', before);
  const found = await query.find(MASTER);
  const page = found.slice(0, ADMIN_USERS_PAGE);
  const ids = page.flatMap((user) => (user.id ? [user.id] : []));
  const [roles, sessions] = await Promise.all([
    rolesOf(ids),
    ids.length === 0
      ? Promise.resolve([])
      : new Parse.Query('_Session')
          .containedIn('user', ids.map(userPointer))
          .descending('createdAt')
          .select('user', 'createdAt')
          .limit(1000)
          .find(MASTER),
  ]);
  const lastActive = new Map<string, string>();
  for (const session of sessions) {
    const owner = (session.get('user') as ParseUser | undefined)?.id;
    if (owner && !lastActive.has(owner) && session.createdAt)
      lastActive.set(owner, session.createdAt.toISOString());
  }
  const now = new Date();
  const users = page.map((user): AdminUserRow => {
    const id = user.id ?? '';
    const suspendedUntil = user.get('suspendedUntil') as Date | undefined;
    const chatMutedUntil = user.get('chatMutedUntil') as Date | undefined;
    const suspended = isSuspended(user, now);
    const muted = chatMutedUntil !== undefined && chatMutedUntil > now;
    const email: unknown = user.get('email');
    return {
      userId: id,
      username: String(user.get('username')),
      displayName: shownName(user),
      email: mayReadEmail && typeof email === 'string' ? email : null,
      joined: (user.createdAt ?? now).toISOString(),
      lastActive: lastActive.get(id) ?? null,
      role: roles.get(id) ?? 'user',
      status: suspended ? 'suspended' : muted ? 'chatMuted' : 'active',
      suspendedUntil: suspended && suspendedUntil ? untilOrLifted(suspendedUntil) : null,
      chatMutedUntil: muted ? chatMutedUntil.toISOString() : null,
    };
  });
  const last = page.at(-1);
  return {
    users,
    next: found.length > ADMIN_USERS_PAGE && last?.createdAt ? last.createdAt.toISOString() : null,
  };
}

/**
 * Admins make a person a moderator, an admin or neither. An owner's role is the operator's alone
 * (`npm run admin`), and the last person who administers the server cannot stop doing so.
 */
async function setRole(
  request: CloudRequest<'setRole'>,
): Promise<{ userId: string; role: (typeof ASSIGNABLE_ROLES)[number] }> {
  await requireAdmin(request);
  const targetId = readId(request.params.userId, 'userId');
  const role = request.params.role;
  if (!isAssignableRole(role)) {
    throw validationError('server.params.oneOf', { field: 'role', values: ASSIGNABLE_ROLES.join(', ') });
  }
  const person = await new Parse.Query(Parse.User).get(targetId, MASTER).catch(() => undefined);
  if (!person) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.moderation.noPerson');
  const current = await roleOf(targetId);
  if (current === 'owner') throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.ownerStays');
  if (current === 'admin' && role !== 'admin' && (await administratorCount()) <= 1) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.lastAdmin');
  }
  if (current !== role) await giveRole(targetId, role);
  return { userId: targetId, role };
}

export function registerModerationFunctions(): void {
  defineFunction('accountStanding', accountStanding);
  defineFunction('muteUser', muteUser);
  defineFunction('unmuteUser', unmuteUser);
  defineFunction('mutedUsers', mutedUsers);
  defineFunction('reportContent', reportContent);
  defineFunction('moderationQueue', async (request) => {
    await requireModerator(request);
    const { status, page } = request.params;
    if (status !== undefined && !isReportStatus(status)) {
      throw validationError('server.params.oneOf', { field: 'status', values: 'open, resolved' });
    }
    return moderationQueue({ status: status ?? 'open', before: readBefore(page, 'page') });
  });
  defineFunction('moderate', moderate);
  defineFunction('appealAction', appealAction);
  defineFunction('decideAppeal', decideAppeal);
  defineFunction('setSlowMode', setSlowMode);
  defineFunction('slowMode', slowMode);
  defineFunction('moderationRecord', moderationRecord);
  defineFunction('adminUsers', adminUsers);
  defineFunction('setRole', setRole);
}
