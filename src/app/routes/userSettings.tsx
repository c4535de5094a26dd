import {
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useRevalidator,
} from 'react-router';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import {
  AppearanceForm,
  AvatarEditor,
  BodyGoalsForm,
  HeartRateForm,
  DeleteAccount,
  ExportData,
  InvitationsPanel,
  SettingsLayout,
  NotificationsForm,
  PrivacyForm,
  PrivacyZonesForm,
  ProfileForm,
  SharingForm,
  WorkoutsVisibilityPanel,
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
  loadHeartRateZones,
  loadMySettings,
  loadProfile,
  loadTwoFactorStatus,
  parseAppearanceForm,
  parseBodyForm,
  parseHeartRateForm,
  parseLanguageForm,
  parsePasswordForm,
  parseNotificationsForm,
  parsePrivacyForm,
  parsePrivacyZonesForm,
  parseSharingForm,
  parseProfileForm,
  parseUnitsForm,
  resendVerification,
  revokeInvitation,
  revokeOtherSessions,
  saveMySettings,
  savePrivacyZones,
  saveProfile,
  setAllWorkoutsVisibility,
  startTwoFactor,
  type MySettings,
  type Profile,
  type SessionRow,
  type SettingsActionResult,
  type SettingsRefused,
  type SettingsPatch,
  SETTINGS_FIELD_NAMES,
} from '@/features/settings';
import type { PersonHeartRateZones } from '@/domain/heartRateZones';
import type { AccountStanding } from '@/domain/moderation';
import type { InvitationRow } from '@/domain/signup';
import type { TwoFactorStatus } from '@/domain/twoFactor';
import {
  FIRST_SETTINGS_SECTION,
  isSettingsSection,
  SETTINGS_SECTIONS,
  type SettingsSection,
} from '@/domain/settingsSections';
import { loadSignupPolicy } from '@/features/auth';
import { loadLatestRoute, RoutePointPicker } from '@/features/activity';
import { ImportWorkouts } from '@/features/imports';
import { forgetStanding, loadStanding, StandingPanel } from '@/features/moderation';
import type { TrackPoint } from '@/domain/track';
import { loadWeightSummary } from '@/features/weight';
import { chooseLanguage, t, useT, type MessageId } from '@/i18n';
import { chooseTheme } from '@/lib/theme';
import { formText } from '@/lib/formValues';
import { loadFailure, requireSignedIn } from '../guards';
import { notFound, requireValidSearch } from '../validity';
import { refusedByServer, refusedFields, runIntent, type Intents } from '@/lib/routeActions';

/** What one section of the page shows, loaded when that section is opened. */
type SectionData =
  | { section: 'profile'; profile: Profile; avatarUrl: string | null }
  | { section: 'goals'; settings: MySettings; currentWeightKg: number | null }
  | { section: 'heartRate'; zones: PersonHeartRateZones }
  | { section: 'preferences' | 'notifications' | 'privacy'; settings: MySettings }
  /** `route`: the person's latest recorded route, to pick a privacy zone's place on (empty without one). */
  | { section: 'sharing'; settings: MySettings; route: TrackPoint[] }
  | { section: 'security'; sessions: SessionRow[]; twoFactor: TwoFactorStatus }
  | { section: 'standing'; standing: AccountStanding }
  | { section: 'invitations'; invitations: InvitationRow[]; isAdmin: boolean }
  | { section: 'data' | 'delete' };

interface PageData {
  /** The sections this person has, in the list's order (invitations only where they may invite). */
  sections: SettingsSection[];
  /** Whether the address named the section: on a phone, the list shows alone until one is chosen. */
  chosen: boolean;
  shown: SectionData;
}

interface LoaderData {
  page: PageData | null;
  loadError: string | null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  await requireSignedIn(request);
  const params = requireValidSearch(request, { section: isSettingsSection });
  const named = params.get('section');
  const section = isSettingsSection(named) ? named : FIRST_SETTINGS_SECTION;
  let page: PageData | 'not-found';
  try {
    page = await loadPage(section, named !== null);
  } catch (error) {
    return { page: null, loadError: loadFailure(request, error) };
  }
  if (page === 'not-found') throw notFound();
  return { page, loadError: null };
}

/** The list of sections and the one shown; not found when the person does not have that section. */
async function loadPage(section: SettingsSection, chosen: boolean): Promise<PageData | 'not-found'> {
  // The list needs the sign-up policy (may this person invite?); the section loads beside it.
  const [policy, shown] = await Promise.all([
    loadSignupPolicy(),
    section === 'invitations' ? null : loadSection(section),
  ]);
  const sections = SETTINGS_SECTIONS.filter((entry) => entry !== 'invitations' || policy.canInvite);
  if (!sections.includes(section)) return 'not-found';
  return {
    sections,
    chosen,
    shown: shown ?? { section: 'invitations', invitations: await listInvitations(), isAdmin: policy.isAdmin },
  };
}

/** The data of one section, and nothing the others need. */
async function loadSection(section: Exclude<SettingsSection, 'invitations'>): Promise<SectionData> {
  switch (section) {
    case 'profile': {
      const profile = await loadProfile();
      // Read from the person's row as loadProfile has just fetched it, not the copy kept on the device.
      return { section, profile, avatarUrl: await currentAvatarUrl() };
    }
    case 'goals': {
      const [settings, weight] = await Promise.all([
        loadMySettings(),
        loadWeightSummary({ range: '1m', page: 0 }),
      ]);
      return { section, settings, currentWeightKg: weight.trendKg };
    }
    case 'heartRate':
      return { section, zones: await loadHeartRateZones() };
    case 'preferences':
    case 'notifications':
    case 'privacy':
      return { section, settings: await loadMySettings() };
    case 'sharing': {
      const [settings, route] = await Promise.all([loadMySettings(), loadLatestRoute()]);
      return { section, settings, route };
    }
    case 'security': {
      const [sessions, twoFactor] = await Promise.all([listSessions(), loadTwoFactorStatus()]);
      return { section, sessions, twoFactor };
    }
    case 'standing':
      return { section, standing: await loadStanding() };
    case 'data':
    case 'delete':
      return { section };
  }
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
  heartRate: savesSettings(parseHeartRateForm, 'insight.heartRate.saved'),
  heartRateDefaults: async () => {
    await saveMySettings({ zoneBounds: null });
    return { kind: 'saved', notice: t('insight.heartRate.defaultsSaved') };
  },
  privacy: async (form) => {
    await saveMySettings(parsePrivacyForm(form));
    return {
      kind: 'saved',
      notice: t('settings.notices.privacySaved'),
    };
  },
  sharing: async (form) => {
    await saveMySettings(parseSharingForm(form));
    return { kind: 'saved', notice: t('settings.notices.sharingSaved') };
  },
  workoutsVisibility: async (form) => {
    const visibility = formText(form, 'visibility') === 'friends' ? 'friends' : 'private';
    const changed = await setAllWorkoutsVisibility(visibility);
    return {
      kind: 'saved',
      notice:
        visibility === 'private'
          ? t('settings.notices.workoutsPrivate', { count: changed })
          : t('settings.notices.workoutsFriends', { count: changed }),
    };
  },
  privacyZones: async (form) => {
    const parsed = parsePrivacyZonesForm(form);
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    await savePrivacyZones(parsed.value);
    return { kind: 'saved', notice: t('settings.notices.zonesSaved') };
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
  return runIntent<SettingsActionResult>(await request.formData(), INTENTS, (error) =>
    refusedByServer(error, SETTINGS_FIELD_NAMES),
  );
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
  const { sections, chosen, shown } = page;
  return (
    <PageFrame title={t('settings.page.title')}>
      <SettingsLayout sections={sections} current={shown.section} chosen={chosen}>
        <SectionView shown={shown} linkOutcome={params.get('notice')} />
      </SettingsLayout>
    </PageFrame>
  );
}

/** The forms of the section shown. */
function SectionView({ shown, linkOutcome }: { shown: SectionData; linkOutcome: string | null }) {
  switch (shown.section) {
    case 'profile':
      return (
        <ProfileForm
          profile={shown.profile}
          linkOutcome={linkOutcome}
          avatar={
            <AvatarEditor
              avatarUrl={shown.avatarUrl}
              name={shown.profile.displayName || shown.profile.username}
            />
          }
        />
      );
    case 'goals':
      return (
        <BodyGoalsForm
          settings={shown.settings}
          currentWeightKg={shown.currentWeightKg}
          year={new Date().getFullYear()}
        />
      );
    case 'heartRate':
      return <HeartRateForm zones={shown.zones} />;
    case 'preferences':
      return (
        <>
          <UnitsForm settings={shown.settings} />
          <AppearanceForm settings={shown.settings} />
        </>
      );
    case 'notifications':
      return <NotificationsForm settings={shown.settings} />;
    case 'privacy':
      return <PrivacyForm settings={shown.settings} />;
    case 'sharing': {
      const { route } = shown;
      return (
        <>
          <SharingForm settings={shown.settings} />
          <WorkoutsVisibilityPanel />
          <PrivacyZonesForm
            zones={shown.settings.privacyZones}
            picker={
              route.length > 1 ? (pick) => <RoutePointPicker points={route} onPick={pick} /> : undefined
            }
          />
        </>
      );
    }
    case 'security':
      return (
        <>
          <SecurityPanel sessions={shown.sessions} />
          <TwoFactorPanel status={shown.twoFactor} />
        </>
      );
    case 'standing':
      return <StandingSection standing={shown.standing} />;
    case 'invitations':
      return <InvitationsPanel invitations={shown.invitations} isAdmin={shown.isAdmin} />;
    case 'data':
      return (
        <>
          <ImportWorkouts />
          <ExportData />
        </>
      );
    case 'delete':
      return <DeleteAccount />;
  }
}

/** The person's own standing; an appeal sent reads it again (and the frame's copy with it). */
function StandingSection({ standing }: { standing: AccountStanding }) {
  const { revalidate } = useRevalidator();
  return (
    <StandingPanel
      standing={standing}
      onAppealed={() => {
        forgetStanding();
        void revalidate();
      }}
    />
  );
}
