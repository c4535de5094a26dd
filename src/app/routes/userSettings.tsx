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
  parseLanguageForm,
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
  type SettingsRefused,
  type SettingsPatch,
} from '@/features/settings';
import type { InvitationRow } from '@/domain/signup';
import type { TwoFactorStatus } from '@/domain/twoFactor';
import { loadSignupPolicy } from '@/features/auth';
import { ImportWorkouts } from '@/features/imports';
import { loadWeightSummary } from '@/features/weight';
import { chooseLanguage, t, useT, type MessageId } from '@/i18n';
import { chooseTheme } from '@/lib/theme';
import { formText } from '@/lib/formValues';
import { loadFailure, requireSignedIn } from '../guards';
import { refusedByServer, refusedFields, runIntent, type Intents } from '@/lib/routeActions';

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

/** The invitations section's data, when the server takes invitations from this person. */
async function loadInvitations(): Promise<PageData['invitations']> {
  const policy = await loadSignupPolicy();
  if (!policy.canInvite) return null;
  return { rows: await listInvitations(), isAdmin: policy.isAdmin };
}

/**
 * An intent that reads its section's form with `parse`, does `first` with what it read (showing a
 * choice at once), saves it as the person's settings, and says `notice`.
 */
function savesSettings<Patch extends SettingsPatch>(
  parse: (form: FormData) => { value: Patch } | { fieldErrors: NonNullable<SettingsRefused['fieldErrors']> },
  notice: MessageId,
  first?: (patch: Patch) => void,
): (form: FormData) => Promise<SettingsActionResult> {
  return async (form) => {
    const parsed = parse(form);
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    first?.(parsed.value);
    await saveMySettings(parsed.value);
    return {
      kind: 'saved',
      notice: t(notice),
    };
  };
}

/** The settings page's actions, by the form's intent. */
const INTENTS = {
  profile: async (form) => {
    const parsed = parseProfileForm(form);
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    let emailChanged: boolean;
    try {
      ({ emailChanged } = await saveProfile(parsed.value));
    } catch (error) {
      return refusedByServer(error, ['currentPassword', 'email']);
    }
    return {
      kind: 'saved',
      notice: emailChanged ? t('settings.notices.profileSavedVerify') : t('settings.notices.profileSaved'),
    };
  },
  resendVerification: async (form) => {
    await resendVerification(formText(form, 'email'));
    return {
      kind: 'saved',
      notice: t('settings.notices.verificationSent'),
    };
  },
  units: savesSettings(parseUnitsForm, 'settings.notices.unitsSaved'),
  body: async (form) => {
    const settings = await loadMySettings();
    const parsed = parseBodyForm(form, settings.weightUnit, new Date().getFullYear());
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    await saveMySettings(parsed.value);
    return {
      kind: 'saved',
      notice: t('settings.notices.bodySaved'),
    };
  },
  privacy: async (form) => {
    await saveMySettings(parsePrivacyForm(form));
    return {
      kind: 'saved',
      notice: t('settings.notices.privacySaved'),
    };
  },
  notifications: savesSettings(parseNotificationsForm, 'settings.notices.notificationsSaved'),
  appearance: savesSettings(parseAppearanceForm, 'settings.notices.themeSaved', ({ theme }) =>
    chooseTheme(theme),
  ),
  language: async (form) => {
    const parsed = parseLanguageForm(form);
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    // Shown already when it was chosen; awaited here so the notice below is in that language.
    await chooseLanguage(parsed.value.language ?? undefined).catch(() => undefined);
    await saveMySettings(parsed.value);
    return {
      kind: 'saved',
      notice: t('settings.notices.languageSaved'),
    };
  },
  password: async (form) => {
    const profile = await loadProfile();
    const parsed = parsePasswordForm(form, profile.username);
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    try {
      await changePassword(parsed.value.currentPassword, parsed.value.newPassword);
    } catch (error) {
      return refusedByServer(error, ['currentPassword', 'newPassword']);
    }
    return {
      kind: 'saved',
      notice: t('settings.notices.passwordChanged'),
    };
  },
  invite: async () => {
    return { kind: 'invited', invitation: await createInvitation() };
  },
  revokeInvitation: async (form) => {
    await revokeInvitation(formText(form, 'invitationId'));
    return {
      kind: 'saved',
      notice: t('settings.notices.invitationRevoked'),
    };
  },
  startTwoFactor: async () => {
    return { kind: 'enrolling', enrolment: await startTwoFactor() };
  },
  confirmTwoFactor: async (form) => {
    const enrolment = { secret: formText(form, 'secret'), uri: formText(form, 'uri') };
    try {
      const recoveryCodes = await confirmTwoFactor(formText(form, 'password'), formText(form, 'code'));
      return { kind: 'twoFactorOn', recoveryCodes, notice: t('settings.notices.twoFactorOn') };
    } catch (error) {
      // Still turning it on: the key stays on screen beside the sentence.
      return { kind: 'enrolling', enrolment, refusal: refusedByServer(error, ['password', 'code']) };
    }
  },
  disableTwoFactor: async (form) => {
    try {
      await disableTwoFactor(formText(form, 'password'), formText(form, 'code'));
      return {
        kind: 'saved',
        notice: t('settings.notices.twoFactorOff'),
      };
    } catch (error) {
      return refusedByServer(error, ['password', 'code']);
    }
  },
  revokeSessions: async () => {
    const count = await revokeOtherSessions();
    return {
      kind: 'saved',
      notice: t('settings.notices.sessionsRevoked', { count }),
    };
  },
} satisfies Intents<SettingsActionResult>;

export async function action({ request }: ActionFunctionArgs): Promise<SettingsActionResult> {
  return runIntent<SettingsActionResult>(await request.formData(), INTENTS);
}

export function Component() {
  const t = useT();
  const { page, loadError } = useLoaderData<LoaderData>();
  const [params] = useSearchParams();
  if (!page) {
    return (
      <PageLoadFailure
        title={t('settings.page.title')}
        sentence={t('settings.page.loadFailed')}
        reason={loadError}
      />
    );
  }
  const { settings, profile, avatarUrl, sessions, currentWeightKg, invitations, twoFactor } = page;
  return (
    <PageFrame title={t('settings.page.title')}>
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
