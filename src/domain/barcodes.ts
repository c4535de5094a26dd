/**
 * Product barcodes as FITSTREAK stores and looks them up: digits only, in the form Open Food Facts
 * gives the same product, so a code scanned, typed or imported from any source meets its row.
 *
 * - EAN-13 is kept; EAN-8 is kept (a code of its own, not a short EAN-13).
 * - UPC-A (12 digits) becomes its EAN-13 form with a leading 0, and any code of 9 to 12 digits is
 *   padded with zeros to 13, as Open Food Facts does.
 * - GTIN-14 with a leading 0 (how USDA's branded foods often give a UPC) drops that 0; other
 *   14-digit codes are kept.
 */

/** The stored form of a code, or null when it cannot be a product's barcode. */
export function normalBarcode(code: string): string | null {
  const digits = code.trim();
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 8 || digits.length === 13) return digits;
  if (digits.length >= 9 && digits.length <= 12) return digits.padStart(13, '0');
  if (digits.length === 14) return digits.startsWith('0') ? digits.slice(1) : digits;
  return null;
}

/** Lengths of the codes a search box takes for a barcode rather than for words. */
const BARCODE_QUERY_LENGTHS = new Set([8, 12, 13, 14]);

/** A search of only digits, 8, 12, 13 or 14 of them, is a barcode: its stored form, else null. */
export function barcodeQuery(query: string): string | null {
  const trimmed = query.trim();
  if (!/^\d+$/.test(trimmed) || !BARCODE_QUERY_LENGTHS.has(trimmed.length)) return null;
  return normalBarcode(trimmed);
}

/**
 * Every stored form a code may have been kept under: its normal form, and for a UPC-A read as an
 * EAN-13 (or the other way round) the other one. Rows stored before normalisation meet their code.
 */
export function barcodeForms(code: string): string[] {
  const normal = normalBarcode(code);
  if (normal === null) return [];
  const forms = new Set([normal]);
  if (normal.length === 13 && normal.startsWith('0')) forms.add(normal.slice(1));
  return [...forms];
}
