import {
  SANCTION_DURATIONS,
  isModerationAction,
  isReportKind,
  type ModerationActionKind,
} from '@/domain/moderation';
import { t, type MessageId } from '@/i18n';
import { formText } from '@/lib/formValues';
import { refusedByServer, refusedFields, refusedWith, type Intents } from '@/lib/routeActions';
import { MODERATION_FIELD_NAMES, type ModerationActionResult } from './actionResult';
import { moderate, muteUser, setSlowMode, unmuteUser } from './api';

const DONE_TEXT: Readonly<Record<ModerationActionKind, MessageId>> = {
  dismiss: 'moderation.done.dismiss',
  hide: 'moderation.done.hide',
  unhide: 'moderation.done.unhide',
  warn: 'moderation.done.warn',
  chatMute: 'moderation.done.chatMute',
  suspend: 'moderation.done.suspend',
  lift: 'moderation.done.lift',
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
function refusing(act: (form: FormData) => Promise<ModerationActionResult>) {
  return async (form: FormData): Promise<ModerationActionResult> => {
    try {
      return await act(form);
    } catch (error) {
      return refusedByServer(error, MODERATION_FIELD_NAMES);
    }
  };
}

/**
 * A moderator's writes, by the form's intent, for every page that offers them (the moderators'
 * page, the chat's "Hide" and slow mode); the server refuses anyone else.
 */
export const MODERATION_INTENTS = {
  moderate: refusing(async (form) => {
    const action = formText(form, 'action');
    const targetKind = formText(form, 'targetKind');
    const reason = formText(form, 'reason');
    if (!isModerationAction(action) || !isReportKind(targetKind))
      return refusedWith(t('common.errors.unknownAction'));
    if (reason === '') return refusedFields({ reason: t('moderation.act.reasonMissing') });
    const until = untilOf(action, formText(form, 'duration'), new Date());
    if (until === null) return refusedFields({ until: t('moderation.act.durationMissing') });
    const reportId = formText(form, 'reportId');
    await moderate({
      action,
      kind: targetKind,
      id: formText(form, 'targetId'),
      reason,
      ...(until ? { until } : {}),
      ...(reportId ? { reportId } : {}),
    });
    return { kind: 'done', notice: t(DONE_TEXT[action]) };
  }),
  slowMode: refusing(async (form) => {
    const text = formText(form, 'seconds');
    const seconds = Number(text);
    if (text === '' || !Number.isInteger(seconds)) {
      return refusedFields({ seconds: t('moderation.slowMode.secondsInvalid') });
    }
    await setSlowMode(formText(form, 'room'), seconds);
    return { kind: 'done', notice: t('moderation.done.slowMode') };
  }),
} satisfies Intents<ModerationActionResult>;

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
} satisfies Intents<ModerationActionResult>;
