import { normalBarcode } from '../../src/domain/barcodes';
import { energyMismatch, type Serving } from '../../src/domain/nutrition';
import { checkServings, trimmedServings } from '../../src/domain/servings';
import { numberOr, refuseProblem, validationError, type CloudObject } from '../parse';

/** What only the server writes on a food: where a catalogue row comes from and how imports keep it. */
const CATALOGUE_ONLY = [
  'catalogueKey',
  'sourceId',
  'sourceModifiedAt',
  'reference',
  'hidden',
  'names',
] as const;

/**
 * A person's own food: its energy must roughly agree with its macros, its barcode is kept in its
 * normal form, its servings are checked (src/domain/servings.ts), and it can never pose as a
 * catalogue row. Catalogue rows (no owner) are written by
 * the server from reference data.
 */
export function completeFood(object: CloudObject): Promise<void> {
  if (!object.get('user')) return Promise.resolve();
  for (const field of CATALOGUE_ONLY) if (object.get(field) !== undefined) object.unset(field);
  object.set('source', 'user');
  const barcode: unknown = object.get('barcode');
  if (barcode !== undefined && barcode !== null && barcode !== '') {
    const normal = typeof barcode === 'string' ? normalBarcode(barcode) : null;
    if (normal === null) throw validationError('server.nutrition.barcode', { field: 'barcode' });
    object.set('barcode', normal);
  } else if (barcode !== undefined) {
    object.unset('barcode');
  }
  const servings: unknown = object.get('servings');
  const servingsProblem = checkServings(servings);
  if (servingsProblem) throw refuseProblem(servingsProblem);
  if (Array.isArray(servings)) object.set('servings', trimmedServings(servings as Serving[]));
  const mismatch = energyMismatch({
    kcalPer100g: numberOr(object.get('kcalPer100g'), 0),
    proteinPer100g: numberOr(object.get('proteinPer100g'), 0),
    carbsPer100g: numberOr(object.get('carbsPer100g'), 0),
    fatPer100g: numberOr(object.get('fatPer100g'), 0),
  });
  if (mismatch) throw refuseProblem(mismatch);
  return Promise.resolve();
}
