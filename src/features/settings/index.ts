export {
  changePassword,
  confirmTwoFactor,
  createInvitation,
  disableTwoFactor,
  listInvitations,
  listSessions,
  loadAppearance,
  loadHeartRateZones,
  loadMySettings,
  loadTwoFactorStatus,
  loadProfile,
  resendVerification,
  revokeInvitation,
  revokeOtherSessions,
  saveMySettings,
  savePrivacyZones,
  saveProfile,
  setAllWorkoutsVisibility,
  startTwoFactor,
  type SettingsPatch,
} from './api';
export type { SettingsActionResult, SettingsRefused } from './actionResult';
export { AppearanceForm } from './components/AppearanceForm';
export { BodyGoalsForm } from './components/BodyGoalsForm';
export { HeartRateForm } from './components/HeartRateForm';
export { InvitationsPanel } from './components/InvitationsPanel';
export { NotificationsForm } from './components/NotificationsForm';
export { PrivacyForm } from './components/PrivacyForm';
export { PrivacyZonesForm, type ZonePicker } from './components/PrivacyZonesForm';
export { SharingForm } from './components/SharingForm';
export { WorkoutsVisibilityPanel } from './components/WorkoutsVisibilityPanel';
export { ProfileForm } from './components/ProfileForm';
export { SecurityPanel } from './components/SecurityPanel';
export { SettingsLayout } from './components/SettingsLayout';
export { TwoFactorPanel } from './components/TwoFactorPanel';
export { UnitsForm } from './components/UnitsForm';
export {
  parseAppearanceForm,
  parseHeartRateForm,
  parseBodyForm,
  parseLanguageForm,
  parsePasswordForm,
  parseNotificationsForm,
  parsePrivacyForm,
  parsePrivacyZonesForm,
  parseSharingForm,
  parseProfileForm,
  parseUnitsForm,
  SETTINGS_FIELD_NAMES,
} from './form';
export type { MySettings, Profile, SessionRow } from './types';
export { AvatarEditor, type AvatarEditorProps } from './components/AvatarEditor';
export { currentAvatarUrl } from './api';
export { DeleteAccount } from './components/DeleteAccount';
export { ExportData } from './components/ExportData';
export { OnboardingFlow } from './components/OnboardingFlow';
export {
  dropOnboardingDraft,
  readOnboardingAnswers,
  readOnboardingDraft,
  type OnboardingDraft,
} from './onboardingDraft';
