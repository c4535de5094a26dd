import { writeFileSync } from 'node:fs';

/**
 * A camera video of a product barcode, made here rather than downloaded: an EAN-13 drawn as black
 * bars on white with quiet zones, written as a YUV4MPEG2 (4:2:0) file Chromium's fake camera plays
 * with `--use-file-for-fake-video-capture`.
 */

/** EAN-13's digit patterns: L and G code the left half (G mirrored), R the right; 1 is a bar. */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G_CODES = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R_CODES = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];

/** Which of the left six digits use G, by the first digit (which has no bars of its own). */
const PARITIES = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

const digitAt = (code: string, index: number): number => Number(code.charAt(index));

/** The 95 modules of an EAN-13 (guards included), '1' for a bar; the code must be 13 digits. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const parity = PARITIES[digitAt(code, 0)] ?? '';
  let modules = '101';
  for (let index = 1; index <= 6; index++) {
    const table = parity.charAt(index - 1) === 'G' ? G_CODES : L_CODES;
    modules += table[digitAt(code, index)] ?? '';
  }
  modules += '01010';
  for (let index = 7; index <= 12; index++) modules += R_CODES[digitAt(code, index)] ?? '';
  return `${modules}101`;
}

/** The check digit that completes twelve digits into an EAN-13. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += digitAt(first12, index) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 5;
const FRAMES = 5;

/** The luma plane of one frame: white, with the code's bars centred over the middle rows. */
function lumaPlane(modules: string): Uint8Array {
  const plane = new Uint8Array(WIDTH * HEIGHT).fill(235);
  const left = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  const top = Math.floor(HEIGHT * 0.25);
  const bottom = Math.floor(HEIGHT * 0.75);
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < modules.length * MODULE_PX; x++) {
      if (modules.charAt(Math.floor(x / MODULE_PX)) === '1') plane[y * WIDTH + left + x] = 16;
    }
  }
  return plane;
}

/** Writes a few frames of the EAN-13 `code` to `path` as a YUV4MPEG2 video. */
export function writeBarcodeVideo(path: string, code: string): void {
  const luma = lumaPlane(ean13Modules(code));
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma, chroma]);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
