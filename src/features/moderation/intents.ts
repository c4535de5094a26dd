import {
  SANCTION_DURATIONS,
  isAssignableRole,
  isModerationAction,
  isReportKind,
  type ModerationActionKind,
} from '@/domain/moderation';
import { t } from '@/i18n';
import { formText } from '@/lib/formValues';
import { refusedByServer, refusedFields, refusedWith, type Intents } from '@/lib/routeActions';
import { ADMIN_FIELD_NAMES, type AdminActionResult } from './actionResult';
import { decideAppeal, moderate, muteUser, setRole, setSlowMode, unmuteUser } from './api';

const DONE_TEXT: Readonly<Record<ModerationActionKind, Parameters<typeof t>[0]>> = {
  dismiss: 'admin.done.dismiss',
  hide: 'admin.done.hide',
  unhide: 'admin.done.unhide',
  warn: 'admin.done.warn',
  chatMute: 'admin.done.chatMute',
  suspend: 'admin.done.suspend',
  lift: 'admin.done.lift',
};

/** When a timed action ends: `duration` is one of SANCTION_DURATIONS, or "lifted" (a suspension only). */
export function untilOf(
  action: ModerationActionKind,
  duration: string,
  now: Date,
): string | undefined | null {
  if (action !== 'chatMute' && action !== 'suspend') return undefined;
  if (duration === 'lifted') return action === 'suspend' ? undefined : null;
  const length = SANCTION_DURATIONS.find(({ key }) => key === duration);
  return length ? new Date(now.getTime() + length.ms).toISOString() : null;
}

/** Posts whose refusals come back at the forms' fields. */
function refusing(act: (form: FormData) => Promise<AdminActionResult>) {
  return async (form: FormData): Promise<AdminActionResult> => {
    try {
      return await act(form);
    } catch (error) {
      return refusedByServer(error, ADMIN_FIELD_NAMES);
    }
  };
}

/**
 * The moderators' writes, by the form's intent, for every page that offers them (the moderators'
 * page, the chat's "Hide" and slow mode, the mute buttons); the server refuses anyone else.
 */
export const MODERATION_INTENTS = {
  moderate: refusing(async (form) => {
    const action = formText(form, 'action');
    const targetKind = formText(form, 'targetKind');
    const reason = formText(form, 'reason');
    if (!isModerationAction(action) || !isReportKind(targetKind))
      return refusedWith(t('common.errors.unknownAction'));
    if (reason === '') return refusedFields({ reason: t('admin.moderate.reasonMissing') });
    const until = untilOf(action, formText(form, 'duration'), new Date());
    if (until === null) return refusedFields({ until: t('admin.moderate.durationMissing') });
    const reportId = formText(form, 'reportId');
    await moderate({
      action,
      targetKind,
      targetId: formText(form, 'targetId'),
      reason,
      ...(until ? { until } : {}),
      ...(reportId ? { reportId } : {}),
    });
    return { kind: 'done', notice: t(DONE_TEXT[action]) };
  }),
  decideAppeal: refusing(async (form) => {
    const reason = formText(form, 'reason');
    if (reason === '') return refusedFields({ reason: t('admin.moderate.reasonMissing') });
    const upheld = formText(form, 'upheld') === 'true';
    await decideAppeal(formText(form, 'actionId'), upheld, reason);
    return { kind: 'done', notice: t(upheld ? 'admin.done.upheld' : 'admin.done.overturned') };
  }),
  setRole: refusing(async (form) => {
    const role = formText(form, 'role');
    if (!isAssignableRole(role)) return refusedFields({ role: t('admin.people.roleMissing') });
    await setRole(formText(form, 'userId'), role);
    return { kind: 'done', notice: t('admin.done.role') };
  }),
  slowMode: refusing(async (form) => {
    const text = formText(form, 'seconds');
    const seconds = Number(text);
    if (text === '' || !Number.isInteger(seconds)) {
      return refusedFields({ seconds: t('admin.rooms.secondsInvalid') });
    }
    await setSlowMode(formText(form, 'room'), seconds);
    return { kind: 'done', notice: t('admin.done.slowMode') };
  }),
} satisfies Intents<AdminActionResult>;

/** Muting and unmuting, for the pages whose menus offer it. */
export const MUTE_INTENTS = {
  mute: async (form) => {
    await muteUser(formText(form, 'userId'));
    return { kind: 'done', notice: t('moderation.mute.muted') };
  },
  unmute: async (form) => {
    await unmuteUser(formText(form, 'userId'));
    return { kind: 'done', notice: t('moderation.mute.unmuted') };
  },
} satisfies Intents<AdminActionResult>;
