import { isAssignableRole } from '@/domain/moderation';
import { isSignupMode } from '@/domain/signup';
import { t } from '@/i18n';
import { formText } from '@/lib/formValues';
import { refusedByServer, refusedFields, type Intents } from '@/lib/routeActions';
import { ADMIN_FIELD_NAMES, type AdminActionResult } from './actionResult';
import { decideAppeal, setRole, setSignupMode } from './api';

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

/** The moderators' page's own writes: an appeal's decision, and (admins) a person's role. */
export const ADMIN_INTENTS = {
  decideAppeal: refusing(async (form) => {
    const reason = formText(form, 'reason');
    if (reason === '') return refusedFields({ reason: t('moderation.act.reasonMissing') });
    const upheld = formText(form, 'upheld') === 'true';
    await decideAppeal(formText(form, 'actionId'), upheld, reason);
    return { kind: 'done', notice: t(upheld ? 'moderation.done.upheld' : 'moderation.done.overturned') };
  }),
  setRole: refusing(async (form) => {
    const role = formText(form, 'role');
    if (!isAssignableRole(role)) return refusedFields({ role: t('admin.people.roleMissing') });
    await setRole(formText(form, 'userId'), role);
    return { kind: 'done', notice: t('moderation.done.role') };
  }),
  setSignupMode: refusing(async (form) => {
    const mode = formText(form, 'mode');
    if (!isSignupMode(mode)) return refusedFields({ mode: t('admin.signup.modeMissing') });
    await setSignupMode(mode);
    return { kind: 'done', notice: t('admin.signup.saved') };
  }),
} satisfies Intents<AdminActionResult>;
