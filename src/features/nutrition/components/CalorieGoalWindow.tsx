import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { useT } from '@/i18n';
import type { NutritionActionResult } from '../actionResult';
import { settingsRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

export interface CalorieGoalWindowProps {
  open: boolean;
  onClose: () => void;
  calorieGoal: number | null;
}

/** Sets the daily calorie goal the day's totals are measured against. */
export function CalorieGoalWindow({ open, onClose, calorieGoal }: CalorieGoalWindowProps) {
  const t = useT();
  return (
    <Popup open={open} title={t('nutrition.goal.title')} onClose={onClose}>
      <GoalForm calorieGoal={calorieGoal} onDone={onClose} />
    </Popup>
  );
}

function GoalForm({ calorieGoal, onDone }: { calorieGoal: number | null; onDone: () => void }) {
  const t = useT();
  const fetcher = useFetcher<NutritionActionResult>();
  const done = fetcher.data?.kind === 'done';
  const refusal = refusalIn(fetcher.data);
  useEffect(() => {
    if (fetcher.state === 'idle' && done) onDone();
  }, [fetcher.state, done, onDone]);
  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="goal" />
      <FormField
        label={t('nutrition.goal.label')}
        name="dailyCalorieGoal"
        type="number"
        inputMode="numeric"
        {...inputLimits(settingsRules.dailyCalorieGoal)}
        step={1}
        required
        autoFocus
        defaultValue={calorieGoal ?? ''}
        hint={t('nutrition.goal.hint')}
        error={refusal?.fieldErrors?.dailyCalorieGoal}
      />
      <FormError>{refusal?.formError}</FormError>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? t('nutrition.field.saving') : t('nutrition.goal.save')}
        </button>
      </div>
    </fetcher.Form>
  );
}
