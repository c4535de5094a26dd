import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayExtras, dayTotals } from '@/domain/nutrition';
import { DailyTotals } from './DailyTotals';

const oats = {
  mealType: 'breakfast' as const,
  caloriesKcal: 304,
  proteinG: 10.4,
  carbsG: 48,
  fatG: 5.6,
  fibreG: 8,
  sugarsG: 0.8,
  saturatedFatG: 1,
  saltG: null,
};
const soup = {
  mealType: 'lunch' as const,
  caloriesKcal: 200,
  proteinG: 10,
  carbsG: 20,
  fatG: 5,
  fibreG: null,
  sugarsG: 2.45,
  saturatedFatG: null,
  saltG: null,
};

function renderTotals(meals: (typeof oats | typeof soup)[]) {
  render(
    <DailyTotals
      totals={dayTotals(meals).totals}
      extras={dayExtras(meals)}
      entries={meals.length}
      goal={null}
      workoutsKcal={0}
      countsExercise={false}
      onChangeGoal={() => undefined}
    />,
  );
}

const shown = (label: string) => screen.getByText(label).closest('div')?.textContent;

describe('DailyTotals', () => {
  it('shows fibre, sugars, saturated fat and salt as far as the entries know them', () => {
    renderTotals([oats, soup]);

    expect(screen.getByRole('heading', { name: 'Other nutrients' })).toBeVisible();
    expect(shown('Fibre')).toBe('Fibre8 g · not known for 1 item');
    expect(shown('Sugars')).toBe('Sugars3.3 g');
    expect(shown('Saturated fat')).toBe('Saturated fat1 g · not known for 1 item');
    expect(shown('Salt')).toBe('SaltNot known');
  });

  it('says nothing of them on a day without entries', () => {
    renderTotals([]);

    expect(screen.queryByRole('heading', { name: 'Other nutrients' })).toBeNull();
  });
});
