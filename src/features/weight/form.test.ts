import { describe, expect, it } from 'vitest';
import { parseGoalForm, parseWeightForm } from './form';

const NOW = new Date(2026, 10, 22, 12, 0);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ date: '2026-11-22', time: '07:00', ...fields }))
    data.set(name, value);
  return data;
}

describe('parseWeightForm', () => {
  it('stores kilograms whatever unit the weight was typed in', () => {
    const inKg = parseWeightForm(form({ weight: '82.4' }), 'kg', NOW);
    const inLb = parseWeightForm(form({ weight: '181.7' }), 'lb', NOW);
    const inSt = parseWeightForm(form({ weightSt: '12', weightLb: '13.7' }), 'st', NOW);

    expect('input' in inKg && inKg.input.weightKg).toBe(82.4);
    expect('input' in inLb && inLb.input.weightKg).toBeCloseTo(82.418, 3);
    expect('input' in inSt && inSt.input.weightKg).toBeCloseTo(82.418, 3);
  });

  it('names every bad field in a sentence', () => {
    const parsed = parseWeightForm(
      form({ time: '7am', weight: '10', bodyFatPct: '90', note: 'x'.repeat(201) }),
      'kg',
      NOW,
    );

    expect(parsed).toEqual({
      fieldErrors: {
        time: 'Enter the time as hours and minutes.',
        weight: 'Weight must be between 20 and 500 kg.',
        bodyFatPct: 'Body fat must be between 2 and 75 %, or left empty.',
        note: 'The note can be at most 200 characters.',
      },
    });
  });

  it('refuses 14 or more pounds next to stones', () => {
    const parsed = parseWeightForm(form({ weightSt: '12', weightLb: '14' }), 'st', NOW);

    expect('fieldErrors' in parsed && parsed.fieldErrors.weight).toMatch(/^Weight must be between/);
  });
});

describe('parseGoalForm', () => {
  it('reads a goal in pounds and a height in feet and inches', () => {
    const data = new FormData();
    data.set('goal', '165');
    data.set('heightFt', '5');
    data.set('heightIn', '11');

    expect(parseGoalForm(data, 'lb')).toEqual({ patch: { goalWeightKg: 74.8, heightCm: 180.3 } });
  });

  it('clears values left empty and refuses a height out of range', () => {
    const empty = new FormData();
    const tall = new FormData();
    tall.set('heightCm', '300');

    expect(parseGoalForm(empty, 'kg')).toEqual({ patch: { goalWeightKg: null, heightCm: null } });
    expect(parseGoalForm(tall, 'kg')).toEqual({
      fieldErrors: {
        height: 'Height must be between 100 and 250 cm (3 ft 4 in and 8 ft 2 in), or left empty.',
      },
    });
  });
});
