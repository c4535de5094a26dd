import { SETTINGS_DEFAULTS, THEMES, type ActivityVisibility, type Theme } from '@/domain/contract';
import { privacyZonesOf, type PrivacyZone } from '@/domain/privacyZones';
import { defaultVisibility } from '@/domain/sharing';
import { isLanguage, type Language } from '@/domain/languages';
import { TIME_OF_DAY_PATTERN } from '@/domain/reminders';
import type { ExportPage, ExportRequest } from '@/domain/dataExport';
import type { PersonHeartRateZones } from '@/domain/heartRateZones';
import type { InvitationRow, NewInvitation } from '@/domain/signup';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@/domain/twoFactor';
import { getParse } from '@/lib/parse';
import { replacingSession } from '@/lib/sessionChange';
import type { MySettings, Profile, SessionRow } from './types';
import { callCloud } from '@/lib/cloud';

export type SettingsPatch = Readonly<Record<string, string | number | boolean | readonly number[] | null>>;

/**
 * Changes some of the person's settings on the Settings row made at sign-up. `null` removes a
 * value. Only the owner can read the row, so the first row found is theirs; an account older than
 * that gets its row on its first save.
 */
export async function saveMySettings(patch: SettingsPatch): Promise<void> {
  const Parse = await getParse();
  const apply = async () => {
    const row = (await new Parse.Query('Settings').first()) ?? new Parse.Object('Settings');
    for (const [field, value] of Object.entries(patch)) {
      if (value === null) row.unset(field);
      else row.set(field, value);
    }
    await row.save();
  };
  try {
    await apply();
  } catch (error) {
    // Another tab created the row a moment ago: change that one instead.
    if ((error as { code?: number }).code !== Parse.Error.DUPLICATE_VALUE) throw error;
    await apply();
  }
}

/** The person's resting and maximum heart rate, where the maximum comes from, and their zones. */
export async function loadHeartRateZones(): Promise<PersonHeartRateZones> {
  return callCloud('heartRateZones');
}

type Stored = { get(field: string): unknown };

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const SEXES = ['female', 'male', 'other'] as const;
const WEIGHT_UNITS = ['kg', 'lb', 'st'] as const;

const timeOr = (value: unknown, fallback: string) =>
  typeof value === 'string' && TIME_OF_DAY_PATTERN.test(value) ? value : fallback;

/** The wire row to the settings the page edits, with the contract's defaults for what is unset. */
export function toMySettings(row: Stored | undefined): MySettings {
  const read = (field: string): unknown => row?.get(field);
  const units = read('units') === 'imperial' ? 'imperial' : 'metric';
  const sex = read('sex');
  const weightUnit = read('weightUnit');
  const timezone = read('timezone');
  const language = read('language');
  return {
    units,
    weightUnit: WEIGHT_UNITS.find((unit) => unit === weightUnit) ?? (units === 'imperial' ? 'lb' : 'kg'),
    heightCm: numberOrNull(read('heightCm')),
    birthYear: numberOrNull(read('birthYear')),
    sex: SEXES.find((value) => value === sex) ?? null,
    activityLevel: numberOrNull(read('activityLevel')),
    goalWeightKg: numberOrNull(read('goalWeightKg')),
    weeklyRateKg: numberOrNull(read('weeklyRateKg')),
    dailyCalorieGoal: numberOrNull(read('dailyCalorieGoal')),
    adaptiveCalorieGoal: read('adaptiveCalorieGoal') === true,
    countExerciseCalories: read('countExerciseCalories') === true,
    weeklyActiveMinutesGoal:
      numberOrNull(read('weeklyActiveMinutesGoal')) ?? SETTINGS_DEFAULTS.weeklyActiveMinutesGoal,
    weekStartsOn: numberOrNull(read('weekStartsOn')) ?? SETTINGS_DEFAULTS.weekStartsOn,
    shareActivity: read('shareActivity') !== false,
    shareWeightProgress: read('shareWeightProgress') === true,
    defaultVisibility: defaultVisibility({
      defaultVisibility: read('defaultVisibility'),
      shareActivity: read('shareActivity'),
    }),
    shareRoutes: read('shareRoutes') === true,
    shareHeartRate: read('shareHeartRate') === true,
    privacyZones: privacyZonesOf(read('privacyZones')),
    weeklySummary: read('weeklySummary') !== false,
    weighInReminder: read('weighInReminder') === true,
    weighInReminderTime: timeOr(read('weighInReminderTime'), SETTINGS_DEFAULTS.weighInReminderTime),
    streakReminder: read('streakReminder') === true,
    quietHours: read('quietHours') !== false,
    quietHoursStart: timeOr(read('quietHoursStart'), SETTINGS_DEFAULTS.quietHoursStart),
    quietHoursEnd: timeOr(read('quietHoursEnd'), SETTINGS_DEFAULTS.quietHoursEnd),
    timezone: typeof timezone === 'string' && timezone ? timezone : null,
    theme: THEMES.find((theme) => theme === read('theme')) ?? SETTINGS_DEFAULTS.theme,
    language: isLanguage(language) ? language : null,
  };
}

/**
 * The theme ("system" until they choose) and the language (undefined while it follows the
 * browser) kept with the person's account, in one request.
 */
export async function loadAppearance(): Promise<{ theme: Theme; language: Language | undefined }> {
  const Parse = await getParse();
  const { theme, language } = toMySettings(
    await new Parse.Query('Settings').select('theme', 'language').first(),
  );
  return { theme, language: language ?? undefined };
}

export async function loadMySettings(): Promise<MySettings> {
  const Parse = await getParse();
  return toMySettings(await new Parse.Query('Settings').first());
}

/** The signed-in person's own account row, fetched fresh (their email is readable only by them). */
export async function loadProfile(): Promise<Profile> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  if (!user) throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
  await user.fetch();
  const text = (field: string) => {
    const value: unknown = user.get(field);
    return typeof value === 'string' ? value : '';
  };
  const verified: unknown = user.get('emailVerified');
  return {
    username: text('username'),
    email: text('email'),
    displayName: text('displayName'),
    emailVerified: typeof verified === 'boolean' ? verified : null,
  };
}

/**
 * Saves the display name and e-mail address. A new address needs the current password (the server
 * checks it) and is unverified until the person opens the link the server mails to it;
 * `emailChanged` says whether that happened.
 */
export async function saveProfile(changes: {
  displayName: string;
  email: string;
  currentPassword: string;
}): Promise<{ emailChanged: boolean }> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  if (!user) throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
  if (changes.displayName) user.set('displayName', changes.displayName);
  else user.unset('displayName');
  const emailChanged = changes.email !== user.get('email');
  if (emailChanged) user.set('email', changes.email);
  await user.save(null, emailChanged ? { context: { currentPassword: changes.currentPassword } } : {});
  return { emailChanged };
}

/** Sends the verification mail again to the person's current address. */
export async function resendVerification(email: string): Promise<void> {
  const Parse = await getParse();
  await Parse.User.requestEmailVerification(email);
}

/**
 * Changes the password; the server checks the current one (a wrong one counts toward the lockout).
 * Parse then ends every other session of the account, so whoever else was signed in is locked out.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  if (!user) throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
  user.setPassword(newPassword);
  await replacingSession(user.save(null, { context: { currentPassword } }));
}

export async function listSessions(): Promise<SessionRow[]> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  const mine = user?.getSessionToken();
  const sessions = await new Parse.Query(Parse.Session).descending('createdAt').limit(100).find();
  return sessions.map((session) => {
    const createdWith = session.get('createdWith') as { action?: unknown } | undefined;
    const expiresAt: unknown = session.get('expiresAt');
    return {
      id: session.id ?? '',
      createdAt: session.createdAt?.toISOString() ?? '',
      expiresAt: expiresAt instanceof Date ? expiresAt.toISOString() : null,
      createdWith: typeof createdWith?.action === 'string' ? createdWith.action : '',
      current: session.getSessionToken() === mine,
    };
  });
}

/** Logs out every device but this one: their sessions are deleted on the server. */
export async function revokeOtherSessions(): Promise<number> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  const mine = user?.getSessionToken();
  const sessions = await new Parse.Query(Parse.Session).limit(1000).find();
  const others = sessions.filter((session) => session.getSessionToken() !== mine);
  await Parse.Object.destroyAll(others);
  return others.length;
}

const AVATAR_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/**
 * Uploads a picture (already cropped and re-encoded in the browser) and makes it the person's
 * avatar; the server checks its bytes and deletes the picture it replaces. Returns its URL.
 */
export async function uploadAvatar(picture: Blob): Promise<string> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  if (!user) throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
  const extension = AVATAR_EXTENSIONS[picture.type] ?? 'png';
  const file = new Parse.File(`avatar.${extension}`, picture, picture.type || undefined);
  await file.save();
  user.set('avatar', file);
  try {
    await user.save();
  } catch (error) {
    // Keep the signed-in user as stored, so the old picture still shows.
    user.revert('avatar');
    throw error;
  }
  return file.url() ?? '';
}

/** Removes the person's avatar; the server deletes the stored picture. */
export async function removeAvatar(): Promise<void> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  if (!user) throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
  user.unset('avatar');
  try {
    await user.save();
  } catch (error) {
    user.revert('avatar');
    throw error;
  }
}

/**
 * The signed-in person's avatar URL as this device last saw it (at log-in, `loadProfile()` or an
 * upload), or null; it makes no request of its own.
 */
export async function currentAvatarUrl(): Promise<string | null> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  const avatar: unknown = user?.get('avatar');
  return avatar instanceof Parse.File ? (avatar.url() ?? null) : null;
}

/**
 * Pulls the person's whole export page after page, in sequence, as the server hands it out (see
 * src/domain/dataExport.ts); `onPage` hears of each page as it arrives, for the progress shown.
 */
export async function exportMyData(
  onPage: (page: ExportPage) => void = () => undefined,
): Promise<ExportPage[]> {
  const pages: ExportPage[] = [];
  let next: ExportRequest | null = {};
  while (next) {
    const page: ExportPage = await callCloud('exportMyData', next);
    pages.push(page);
    onPage(page);
    next = page.next;
  }
  return pages;
}

/**
 * Deletes the account and everything in it once the server has checked the password, then forgets
 * the session on this device too.
 */
export async function deleteMyAccount(password: string): Promise<void> {
  const Parse = await getParse();
  await callCloud('deleteMyAccount', { password });
  // The session went with the account, so the server refuses the log-out: clearing this device is enough.
  await Parse.User.logOut().catch(() => undefined);
}

/** A new invitation link's code and row; the code is shown once. */
export async function createInvitation(): Promise<NewInvitation> {
  return callCloud('createInvitation');
}

/** The open invitations: everyone's for an admin, else the person's own. */
export async function listInvitations(): Promise<InvitationRow[]> {
  return callCloud('listInvitations');
}

export async function revokeInvitation(invitationId: string): Promise<void> {
  await callCloud('revokeInvitation', { invitationId });
}

export async function loadTwoFactorStatus(): Promise<TwoFactorStatus> {
  return callCloud('twoFactorStatus');
}

export async function startTwoFactor(): Promise<TwoFactorEnrolment> {
  return callCloud('startTwoFactor');
}

/**
 * Turns two-factor sign-in on with the password and a code from the app; answers the recovery
 * codes, shown once.
 */
export async function confirmTwoFactor(password: string, code: string): Promise<string[]> {
  const { recoveryCodes } = await callCloud('confirmTwoFactor', { password, code });
  return recoveryCodes;
}

export async function disableTwoFactor(password: string, code: string): Promise<void> {
  await callCloud('disableTwoFactor', { password, code });
}

/** Keeps the person's privacy zones (the server checks them again, src/domain/privacyZones.ts). */
export async function savePrivacyZones(zones: readonly PrivacyZone[]): Promise<void> {
  const Parse = await getParse();
  const row = (await new Parse.Query('Settings').first()) ?? new Parse.Object('Settings');
  row.set(
    'privacyZones',
    zones.map(({ lat, lon, radiusM }) => ({ lat, lon, radiusM })),
  );
  await row.save();
}

/** Makes all the person's workouts private, or all visible to friends; answers how many changed. */
export async function setAllWorkoutsVisibility(visibility: ActivityVisibility): Promise<number> {
  return (await callCloud('setWorkoutsVisibility', { visibility })).changed;
}
