import { describe, expect, it } from 'vitest';
import { barcodeForms, barcodeQuery, normalBarcode, scannedBarcode, upcEToUpcA } from './barcodes';

describe('normalBarcode', () => {
  it('keeps EAN-13 and EAN-8 codes as they are', () => {
    expect(normalBarcode('3017620422003')).toBe('3017620422003');
    expect(normalBarcode('96385074')).toBe('96385074');
  });

  it('gives a UPC-A its EAN-13 form and pads 9 to 11 digits to 13 as Open Food Facts does', () => {
    expect(normalBarcode('722252387998')).toBe('0722252387998');
    expect(normalBarcode('123456789')).toBe('0000123456789');
    expect(normalBarcode(' 04963406 ')).toBe('04963406');
  });

  it('drops the leading 0 of a GTIN-14 and keeps other 14-digit codes', () => {
    expect(normalBarcode('00722252387998')).toBe('0722252387998');
    expect(normalBarcode('10722252387995')).toBe('10722252387995');
  });

  it('refuses what cannot be a product code', () => {
    for (const code of [
      '',
      '1234567',
      '123456789012345',
      '30176204220O3',
      '3017-620422003',
      '-3017620422003',
    ]) {
      expect(normalBarcode(code), code).toBeNull();
    }
  });
});

describe('barcodeQuery', () => {
  it('takes a search of 8, 12, 13 or 14 digits for a barcode', () => {
    expect(barcodeQuery('722252387998')).toBe('0722252387998');
    expect(barcodeQuery('96385074')).toBe('96385074');
    expect(barcodeQuery(' 3017620422003 ')).toBe('3017620422003');
  });

  it('leaves other searches to the words', () => {
    for (const query of ['100', '123456789', '3017620422003 nutella', 'nutella', '12345678901']) {
      expect(barcodeQuery(query), query).toBeNull();
    }
  });
});

describe('barcodeForms', () => {
  it('tries the EAN-13 form and the UPC-A form of one code', () => {
    expect(barcodeForms('722252387998')).toEqual(['0722252387998', '722252387998']);
    expect(barcodeForms('0722252387998')).toEqual(['0722252387998', '722252387998']);
    expect(barcodeForms('3017620422003')).toEqual(['3017620422003']);
    expect(barcodeForms('no code')).toEqual([]);
  });
});

describe('upcEToUpcA', () => {
  it('expands each kind of zero suppression, the check digit computed', () => {
    // The last of the six digits says where the zeros went (GS1 General Specifications, UPC-E).
    expect(upcEToUpcA('01234565')).toBe('012345000065');
    expect(upcEToUpcA('04252614')).toBe('042100005264');
    expect(upcEToUpcA('0425261')).toBe('042100005264');
    expect(upcEToUpcA('425261')).toBe('042100005264');
    expect(upcEToUpcA('01234531')).toBe('012300000451');
    expect(upcEToUpcA('01234640')).toBe('012340000060');
    expect(upcEToUpcA('01234505')).toBe('012000003455');
    expect(upcEToUpcA('11234562')).toBe('112345000062');
  });

  it('refuses a wrong check digit, another number system and what is not six to eight digits', () => {
    for (const code of ['01234564', '21234565', '12345', '012345655', '0123456a']) {
      expect(upcEToUpcA(code), code).toBeNull();
    }
  });
});

describe('scannedBarcode', () => {
  it('stores a UPC-E as its EAN-13 form and the other formats as normalBarcode does', () => {
    expect(scannedBarcode('upc_e', '01234565')).toBe('0012345000065');
    expect(scannedBarcode('upc_a', '722252387998')).toBe('0722252387998');
    expect(scannedBarcode('ean_13', '3017620422003')).toBe('3017620422003');
    expect(scannedBarcode('ean_8', '96385074')).toBe('96385074');
  });

  it('ignores other formats and readings that are not codes', () => {
    expect(scannedBarcode('qr_code', '3017620422003')).toBeNull();
    expect(scannedBarcode('upc_e', '01234564')).toBeNull();
    expect(scannedBarcode('ean_13', 'abc')).toBeNull();
  });
});
