import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { HeightInput } from '@/components/HeightInput';
import { Popup } from '@/components/Popup';
import { WeightInput } from '@/components/WeightInput';
import type { WeightUnit } from '@/domain/units';
import { useT } from '@/i18n';
import type { WeightActionResult } from '../actionResult';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

export interface GoalWindowProps {
  open: boolean;
  onClose: () => void;
  unit: WeightUnit;
  goalWeightKg: number | null;
  heightCm: number | null;
}

/** Goal weight and height, saved to the person's settings; they drive the forecast and BMI. */
export function GoalWindow({ open, onClose, unit, goalWeightKg, heightCm }: GoalWindowProps) {
  const t = useT();
  return (
    <Popup open={open} title={t('weight.goal.title')} onClose={onClose}>
      <GoalForm unit={unit} goalWeightKg={goalWeightKg} heightCm={heightCm} onDone={onClose} />
    </Popup>
  );
}

function GoalForm({
  unit,
  goalWeightKg,
  heightCm,
  onDone,
}: Omit<GoalWindowProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const t = useT();
  const fetcher = useFetcher<WeightActionResult>();
  const refusal = refusalIn(fetcher.data);
  const errors = refusal?.fieldErrors ?? {};
  const done = fetcher.data?.kind === 'done';
  useEffect(() => {
    if (fetcher.state === 'idle' && done) onDone();
  }, [fetcher.state, done, onDone]);

  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="goal" />
      <input type="hidden" name="unit" value={unit} />
      <WeightInput
        unit={unit}
        name="goal"
        label={t('weight.goal.goalWeight')}
        defaultKg={goalWeightKg}
        error={errors.goal}
        hint={t('weight.goal.goalHint')}
        autoFocus
      />
      <HeightInput metric={unit === 'kg'} heightCm={heightCm} error={errors.height} />
      <FormError>{refusal?.formError}</FormError>
      <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
        {t('weight.goal.save')}
      </button>
    </fetcher.Form>
  );
}
