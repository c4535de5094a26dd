import { energyMismatch } from '../../src/domain/nutrition';
import { numberOr, refuseProblem, type CloudObject } from '../parse';

/**
 * A person's own food: its energy must roughly agree with its macros, and it can never pose as
 * a catalogue row. Catalogue rows (no owner) are written by the server from reference data.
 */
export function completeFood(object: CloudObject): Promise<void> {
  if (!object.get('user')) return Promise.resolve();
  if (object.get('catalogueKey') !== undefined) object.unset('catalogueKey');
  if (object.get('source') !== undefined) object.unset('source');
  const mismatch = energyMismatch({
    kcalPer100g: numberOr(object.get('kcalPer100g'), 0),
    proteinPer100g: numberOr(object.get('proteinPer100g'), 0),
    carbsPer100g: numberOr(object.get('carbsPer100g'), 0),
    fatPer100g: numberOr(object.get('fatPer100g'), 0),
  });
  if (mismatch) throw refuseProblem(mismatch);
  return Promise.resolve();
}
