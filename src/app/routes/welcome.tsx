import { redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { PageFrame } from '@/components/PageFrame';
import { completeOnboarding, unitsForLocale, type OnboardingAnswers } from '@/domain/onboarding';
import {
  dropOnboardingDraft,
  loadMySettings,
  OnboardingFlow,
  readOnboardingAnswers,
  readOnboardingDraft,
  saveMySettings,
  type MySettings,
  type OnboardingDraft,
  type SettingsActionResult,
} from '@/features/settings';
import { saveWeighIn } from '@/features/weight';
import { t, useT } from '@/i18n';
import { isNetworkFailure } from '@/lib/errors';
import { refusedWith, runIntent, type Intents } from '@/lib/routeActions';
import { requireSignedIn } from '../guards';

interface LoaderData {
  account: string;
  year: number;
  draft: OnboardingDraft;
}

/** What the person already has in their settings, as answers; units from the browser when unset. */
function answersFrom(settings: MySettings | null): OnboardingAnswers {
  const answers: OnboardingAnswers = settings?.heightCm
    ? { units: settings.units, weightUnit: settings.weightUnit }
    : unitsForLocale(navigator.language);
  if (settings?.sex) answers.sex = settings.sex;
  if (settings?.birthYear) answers.birthYear = settings.birthYear;
  if (settings?.heightCm) answers.heightCm = settings.heightCm;
  if (settings?.activityLevel) answers.activityLevel = settings.activityLevel;
  if (settings?.goalWeightKg) answers.goalWeightKg = settings.goalWeightKg;
  return answers;
}

/**
 * The first-day questions: resumed from this device's draft, else started from what the account
 * already holds (offline, from nothing: the answers are kept here until the goal can be saved).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const user = await requireSignedIn(request);
  const year = new Date().getFullYear();
  const draft = readOnboardingDraft(user.id, unitsForLocale(navigator.language));
  if (draft) return { account: user.id, year, draft };
  const answers = answersFrom(await loadMySettings().catch(() => null));
  // What a person wants is never stored, so the questions start there, with the rest filled in.
  return { account: user.id, year, draft: { step: 'goal', answers } };
}

const INTENTS = {
  finish: async (form) => {
    const year = new Date().getFullYear();
    const done = completeOnboarding(
      readOnboardingAnswers(form.get('answers'), unitsForLocale(navigator.language)),
      year,
    );
    if (!done) return refusedWith(t('settings.onboarding.errors.incomplete'));
    try {
      await saveMySettings(done.settings);
    } catch (error) {
      if (isNetworkFailure(error)) return refusedWith(t('settings.onboarding.offline'));
      throw error;
    }
    // The first weigh-in, kept on the device and sent later when the network is gone meanwhile.
    await saveWeighIn({ measuredAt: new Date(), weightKg: done.weightKg, bodyFatPct: null, note: '' });
    dropOnboardingDraft();
    return { kind: 'saved', notice: '' };
  },
} satisfies Intents<SettingsActionResult>;

export async function action({ request }: ActionFunctionArgs): Promise<SettingsActionResult | Response> {
  const result = await runIntent(await request.formData(), INTENTS);
  return result.kind === 'saved' ? redirect('/') : result;
}

export function Component() {
  const t = useT();
  const { account, year, draft } = useLoaderData<LoaderData>();
  return (
    <PageFrame title={t('settings.onboarding.title')} intro={t('settings.onboarding.intro')}>
      <OnboardingFlow key={account} account={account} year={year} draft={draft} />
    </PageFrame>
  );
}
