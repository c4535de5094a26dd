import { useId, useState } from 'react';
import { exerciseRules } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import {
  CATEGORY_LABELS,
  EXERCISE_CATEGORIES,
  MEASURE_LABELS,
  MEASURES,
  MUSCLE_LABELS,
  MUSCLES,
  type ExerciseCategory,
  type ExerciseRow,
  type Measure,
  type Muscle,
} from '@/domain/strength';
import { useT } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import { createExercise } from '../api';

export interface NewExerciseFormProps {
  /** What the person searched for: the name to start from. */
  name: string;
  onCreated: (exercise: ExerciseRow) => void;
  onCancel: () => void;
  create?: typeof createExercise;
}

type Field = 'name' | 'muscle';

/**
 * An exercise of the person's own, for what the catalogue lacks: a name, how its sets are
 * measured and the muscle it works. Only its owner sees it; it is picked as soon as it is saved.
 * The fields sit inside the workout's form, so their buttons never submit it.
 */
export function NewExerciseForm({
  name: searched,
  onCreated,
  onCancel,
  create = createExercise,
}: NewExerciseFormProps) {
  const t = useT();
  const [name, setName] = useState(searched.trim());
  const [category, setCategory] = useState<ExerciseCategory>('barbell');
  const [measure, setMeasure] = useState<Measure>('weight_reps');
  const [primary, setPrimary] = useState<Muscle | ''>('');
  const [secondary, setSecondary] = useState<Muscle | ''>('');
  const [equipment, setEquipment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;

  const submit = async () => {
    const trimmed = name.trim();
    const found: Partial<Record<Field, string>> = {};
    const nameProblem = checkField(t('strength.newExercise.nameField'), exerciseRules.name, trimmed);
    if (nameProblem) found.name = trimmed === '' ? t('strength.newExercise.nameMissing') : nameProblem;
    if (primary === '') found.muscle = t('strength.newExercise.muscleMissing');
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0 || primary === '') {
      document.getElementById(fieldId(found.name ? 'name' : 'muscle'))?.focus();
      return;
    }
    setSaving(true);
    try {
      const created = await create({
        name: trimmed,
        category,
        measure,
        primaryMuscles: [primary],
        secondaryMuscles: secondary && secondary !== primary ? [secondary] : [],
        equipment: equipment.trim(),
      });
      onCreated(created);
    } catch (error) {
      setFailure(errorSentence(error));
      setSaving(false);
    }
  };

  const described = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': fieldId(`${field}-error`) } : {};
  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={fieldId(`${field}-error`)} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <fieldset className="new-exercise">
      <legend>{t('strength.newExercise.legend')}</legend>
      <div className="form-field">
        <label htmlFor={fieldId('name')}>{t('strength.newExercise.name')}</label>
        <input
          id={fieldId('name')}
          type="text"
          value={name}
          maxLength={exerciseRules.name.max}
          autoComplete="off"
          // The form opens from a button that goes away: the name is where the person goes on.
          autoFocus
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void submit();
          }}
          {...described('name')}
        />
        {errorText('name')}
      </div>
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={fieldId('measure')}>{t('strength.newExercise.measure')}</label>
          <select
            id={fieldId('measure')}
            value={measure}
            onChange={(event) => setMeasure(event.target.value as Measure)}
          >
            {MEASURES.map((value) => (
              <option key={value} value={value}>
                {MEASURE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('category')}>{t('strength.newExercise.category')}</label>
          <select
            id={fieldId('category')}
            value={category}
            onChange={(event) => setCategory(event.target.value as ExerciseCategory)}
          >
            {EXERCISE_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={fieldId('muscle')}>{t('strength.newExercise.muscle')}</label>
          <select
            id={fieldId('muscle')}
            value={primary}
            onChange={(event) => setPrimary(event.target.value as Muscle | '')}
            {...described('muscle')}
          >
            <option value="">{t('strength.newExercise.chooseMuscle')}</option>
            {MUSCLES.map((value) => (
              <option key={value} value={value}>
                {MUSCLE_LABELS[value]}
              </option>
            ))}
          </select>
          {errorText('muscle')}
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('secondary')}>{t('strength.newExercise.secondary')}</label>
          <select
            id={fieldId('secondary')}
            value={secondary}
            onChange={(event) => setSecondary(event.target.value as Muscle | '')}
          >
            <option value="">{t('strength.newExercise.noSecondary')}</option>
            {MUSCLES.filter((value) => value !== primary).map((value) => (
              <option key={value} value={value}>
                {MUSCLE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form-field">
        <label htmlFor={fieldId('equipment')}>{t('strength.newExercise.equipment')}</label>
        <input
          id={fieldId('equipment')}
          type="text"
          value={equipment}
          maxLength={exerciseRules.equipment.max}
          autoComplete="off"
          onChange={(event) => setEquipment(event.target.value)}
        />
      </div>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button-secondary" disabled={saving} onClick={() => void submit()}>
          {saving ? t('strength.newExercise.creating') : t('strength.newExercise.create')}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('strength.newExercise.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
