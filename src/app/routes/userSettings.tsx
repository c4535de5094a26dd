import {
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import {
  AppearanceForm,
  AvatarEditor,
  BodyGoalsForm,
  DeleteAccount,
  ExportData,
  InvitationsPanel,
  NotificationsForm,
  PrivacyForm,
  ProfileForm,
  SecurityPanel,
  TwoFactorPanel,
  UnitsForm,
  changePassword,
  confirmTwoFactor,
  createInvitation,
  disableTwoFactor,
  currentAvatarUrl,
  listInvitations,
  listSessions,
  loadMySettings,
  loadProfile,
  loadTwoFactorStatus,
  parseAppearanceForm,
  parseBodyForm,
  parsePasswordForm,
  parseNotificationsForm,
  parsePrivacyForm,
  parseProfileForm,
  parseUnitsForm,
  resendVerification,
  revokeInvitation,
  revokeOtherSessions,
  saveMySettings,
  saveProfile,
  startTwoFactor,
  type MySettings,
  type Profile,
  type SessionRow,
  type SettingsActionResult,
} from '@/features/settings';
import type { InvitationRow } from '@/domain/signup';
import type { TwoFactorStatus } from '@/domain/twoFactor';
import { loadSignupPolicy } from '@/features/auth';
import { ImportWorkouts } from '@/features/imports';
import { loadWeightSummary } from '@/features/weight';
import { errorSentence } from '@/lib/errors';
import { chooseTheme } from '@/lib/theme';
import { formText } from '@/lib/formValues';
import { loadFailure, requireSignedIn } from '../guards';

interface PageData {
  settings: MySettings;
  profile: Profile;
  avatarUrl: string | null;
  sessions: SessionRow[];
  currentWeightKg: number | null;
  /** On an invite-only server, for a person who may invite: the open invitations they see. */
  invitations: { rows: InvitationRow[]; isAdmin: boolean } | null;
  twoFactor: TwoFactorStatus;
}

interface LoaderData {
  page: PageData | null;
  loadError: string | null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  await requireSignedIn(request);
  try {
    const [settings, profile, sessions, weight, invitations, twoFactor] = await Promise.all([
      loadMySettings(),
      loadProfile(),
      listSessions(),
      loadWeightSummary({ range: '1m', page: 0 }),
      loadInvitations(),
      loadTwoFactorStatus(),
    ]);
    const avatarUrl = await currentAvatarUrl();
    return {
      page: {
        settings,
        profile,
        avatarUrl,
        sessions,
        currentWeightKg: weight.trendKg,
        invitations,
        twoFactor,
      },
      loadError: null,
    };
  } catch (error) {
    return { page: null, loadError: loadFailure(request, error) };
  }
}

/**
 * The server's refusal as the form's field error when it names one of `fields` ("code: …"), else
 * as the section's sentence.
 */
function serverFieldError(error: unknown, fields: readonly ('password' | 'code')[]): SettingsActionResult {
  const sentence = errorSentence(error);
  const match = /^(\w+): (.*)$/s.exec(sentence);
  const [, field = '', rest = ''] = match ?? [];
  const named = fields.find((candidate) => candidate === field);
  if (!named) return { formError: sentence };
  return { fieldErrors: { [named]: rest.charAt(0).toUpperCase() + rest.slice(1) } };
}

/** The invitations section's data, when the server takes invitations from this person. */
async function loadInvitations(): Promise<PageData['invitations']> {
  const policy = await loadSignupPolicy();
  if (!policy.canInvite) return null;
  return { rows: await listInvitations(), isAdmin: policy.isAdmin };
}

export async function action({ request }: ActionFunctionArgs): Promise<SettingsActionResult> {
  const form = await request.formData();
  try {
    switch (formText(form, 'intent')) {
      case 'profile': {
        const parsed = parseProfileForm(form);
        if ('fieldErrors' in parsed) return { fieldErrors: parsed.fieldErrors };
        const { emailChanged } = await saveProfile(parsed.value);
        return {
          done: true,
          notice: emailChanged
            ? 'Profile saved. Open the link we sent to the new address to verify it.'
            : 'Profile saved.',
        };
      }
      case 'resendVerification':
        await resendVerification(formText(form, 'email'));
        return { done: true, notice: 'The verification mail is on its way.' };
      case 'units': {
        const parsed = parseUnitsForm(form);
        if ('fieldErrors' in parsed) return { fieldErrors: parsed.fieldErrors };
        await saveMySettings(parsed.value);
        return { done: true, notice: 'Units saved: every page now uses them.' };
      }
      case 'body': {
        const settings = await loadMySettings();
        const parsed = parseBodyForm(form, settings.weightUnit, new Date().getFullYear());
        if ('fieldErrors' in parsed) return { fieldErrors: parsed.fieldErrors };
        await saveMySettings(parsed.value);
        return { done: true, notice: 'Body data and goals saved.' };
      }
      case 'privacy':
        await saveMySettings(parsePrivacyForm(form));
        return { done: true, notice: 'Privacy saved.' };
      case 'notifications': {
        const parsed = parseNotificationsForm(form);
        if ('fieldErrors' in parsed) return { fieldErrors: parsed.fieldErrors };
        await saveMySettings(parsed.value);
        return { done: true, notice: 'Notifications saved.' };
      }
      case 'appearance': {
        const parsed = parseAppearanceForm(form);
        if ('fieldErrors' in parsed) return { fieldErrors: parsed.fieldErrors };
        chooseTheme(parsed.value.theme);
        await saveMySettings(parsed.value);
        return { done: true, notice: 'Theme saved for every device you use.' };
      }
      case 'password': {
        const profile = await loadProfile();
        const parsed = parsePasswordForm(form, profile.username);
        if ('fieldErrors' in parsed) return { fieldErrors: parsed.fieldErrors };
        try {
          await changePassword(parsed.value.currentPassword, parsed.value.newPassword);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          // verifyPassword answers "not found" for a wrong password.
          if (code === 101) return { fieldErrors: { currentPassword: 'That is not your current password.' } };
          throw error;
        }
        return { done: true, notice: 'Password changed. Every other device has been logged out.' };
      }
      case 'invite':
        return { done: true, invitation: await createInvitation() };
      case 'revokeInvitation':
        await revokeInvitation(formText(form, 'invitationId'));
        return { done: true, notice: 'Invitation revoked: its link no longer works.' };
      case 'startTwoFactor':
        return { enrolment: await startTwoFactor() };
      case 'confirmTwoFactor': {
        const enrolment = { secret: formText(form, 'secret'), uri: formText(form, 'uri') };
        try {
          const recoveryCodes = await confirmTwoFactor(formText(form, 'code'));
          return { done: true, recoveryCodes, notice: 'Two-factor sign-in is on.' };
        } catch (error) {
          // Still turning it on: the key stays on screen beside the sentence.
          return { enrolment, ...serverFieldError(error, ['code']) };
        }
      }
      case 'disableTwoFactor':
        try {
          await disableTwoFactor(formText(form, 'password'), formText(form, 'code'));
          return { done: true, notice: 'Two-factor sign-in is off: your password alone logs you in.' };
        } catch (error) {
          return serverFieldError(error, ['password', 'code']);
        }
      case 'revokeSessions': {
        const count = await revokeOtherSessions();
        return { done: true, notice: `Logged out of ${count} other ${count === 1 ? 'device' : 'devices'}.` };
      }
      default:
        return { formError: 'That change could not be read. Reload the page and try again.' };
    }
  } catch (error) {
    return { formError: errorSentence(error) };
  }
}

export function Component() {
  const { page, loadError } = useLoaderData<LoaderData>();
  const [params] = useSearchParams();
  if (!page) {
    return (
      <PageLoadFailure title="Settings" sentence="Your settings could not be loaded." reason={loadError} />
    );
  }
  const { settings, profile, avatarUrl, sessions, currentWeightKg, invitations, twoFactor } = page;
  return (
    <PageFrame title="Settings">
      <div className="settings-layout">
        <ProfileForm
          profile={profile}
          linkOutcome={params.get('notice')}
          avatar={<AvatarEditor avatarUrl={avatarUrl} name={profile.displayName || profile.username} />}
        />
        <UnitsForm settings={settings} />
        <BodyGoalsForm
          settings={settings}
          currentWeightKg={currentWeightKg}
          year={new Date().getFullYear()}
        />
        <PrivacyForm settings={settings} />
        <NotificationsForm settings={settings} />
        <AppearanceForm settings={settings} />
        <SecurityPanel sessions={sessions} />
        <TwoFactorPanel status={twoFactor} />
        {invitations ? (
          <InvitationsPanel invitations={invitations.rows} isAdmin={invitations.isAdmin} />
        ) : null}
        <ImportWorkouts />
        <ExportData />
        <DeleteAccount />
      </div>
    </PageFrame>
  );
}
