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

/** The check digit of a UPC-A's first eleven digits (odd places count three times). */
function upcCheckDigit(first11: string): number {
  let sum = 0;
  for (let index = 0; index < 11; index++) sum += Number(first11.charAt(index)) * (index % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * A UPC-E (zeros suppressed, number system 0 or 1) as the UPC-A it stands for, check digit computed:
 * six digits alone, seven with the number system, or eight with the check digit too, which must
 * match. Null for anything that is not a UPC-E. 01234565 is 012345000065.
 */
export function upcEToUpcA(code: string): string | null {
  const digits = code.trim();
  if (!/^\d{6,8}$/.test(digits)) return null;
  const withSystem = digits.length === 6 ? `0${digits}` : digits.slice(0, 7);
  const system = withSystem.charAt(0);
  if (system !== '0' && system !== '1') return null;
  const body = withSystem.slice(1);
  const last = body.charAt(5);
  const manufacturerAndProduct =
    last === '0' || last === '1' || last === '2'
      ? `${body.slice(0, 2)}${last}0000${body.slice(2, 5)}`
      : last === '3'
        ? `${body.slice(0, 3)}00000${body.slice(3, 5)}`
        : last === '4'
          ? `${body.slice(0, 4)}00000${body.charAt(4)}`
          : `${body.slice(0, 5)}0000${last}`;
  const first11 = `${system}${manufacturerAndProduct}`;
  const check = String(upcCheckDigit(first11));
  if (digits.length === 8 && digits.charAt(7) !== check) return null;
  return `${first11}${check}`;
}

/** The product formats the camera looks for, by the names of the Barcode Detection API. */
export const SCANNED_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'] as const;

/**
 * The stored form of a code the camera read: a UPC-E expanded to its UPC-A (then EAN-13) form, the
 * others as `normalBarcode` keeps them; null for another format or a reading that is not a code.
 */
export function scannedBarcode(format: string, rawValue: string): string | null {
  if (!(SCANNED_FORMATS as readonly string[]).includes(format)) return null;
  if (format === 'upc_e') {
    const upcA = upcEToUpcA(rawValue);
    return upcA === null ? null : normalBarcode(upcA);
  }
  return normalBarcode(rawValue);
}
