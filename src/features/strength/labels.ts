import type { Muscle, ProgressRange } from '@/domain/strength';
import { type MessageId } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';

/*
 * Words of the strength screens as message ids, each translated where it is shown. The labels of
 * muscles, categories, measures and records themselves are the domain's (`MUSCLE_LABELS`, …).
 */

/** Each muscle inside a sentence ("2 exercises found for upper back."), with its article where the language needs one. */
export const MUSCLE_WORDS: Readonly<Record<Muscle, MessageId>> = {
  chest: 'strength.muscleWord.chest',
  shoulders: 'strength.muscleWord.shoulders',
  biceps: 'strength.muscleWord.biceps',
  triceps: 'strength.muscleWord.triceps',
  forearms: 'strength.muscleWord.forearms',
  lats: 'strength.muscleWord.lats',
  upper_back: 'strength.muscleWord.upperBack',
  traps: 'strength.muscleWord.traps',
  lower_back: 'strength.muscleWord.lowerBack',
  abs: 'strength.muscleWord.abs',
  obliques: 'strength.muscleWord.obliques',
  glutes: 'strength.muscleWord.glutes',
  quadriceps: 'strength.muscleWord.quadriceps',
  hamstrings: 'strength.muscleWord.hamstrings',
  adductors: 'strength.muscleWord.adductors',
  abductors: 'strength.muscleWord.abductors',
  calves: 'strength.muscleWord.calves',
  neck: 'strength.muscleWord.neck',
};

/** The ranges of the progress chart, as options. */
export const RANGE_NAMES: Readonly<Record<ProgressRange, MessageId>> = {
  '1m': 'strength.range.oneMonth',
  '3m': 'strength.range.threeMonths',
  '6m': 'strength.range.sixMonths',
  '1y': 'strength.range.oneYear',
  all: 'strength.range.all',
};

/**
 * A weight, reps or metres as a lifter reads them, in the language shown: without grouping, so
 * "2204.6 lb" stays one word as it always was ("2204,6 lb" in German).
 */
export function liftNumber(value: number): string {
  return formatNumber(value, { useGrouping: false });
}
