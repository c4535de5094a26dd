/**
 * Pictures for the progress-photo tests, made here without a network or a library: a JPEG with
 * an Exif segment carrying a GPS position (the metadata the app must strip before upload).
 */

/** The Exif GPS position written into test pictures: 48° 8′ 13.2″ N, 11° 34′ 31.2″ E. */
export const TEST_GPS = { lat: [48, 8, 13.2], lon: [11, 34, 31.2] } as const;

/**
 * An APP1 Exif segment, big-endian TIFF: IFD0 with one entry (the GPS IFD's offset), and a GPS IFD
 * with latitude and longitude and their references.
 */
export function exifGpsSegment(gps: { lat: readonly number[]; lon: readonly number[] } = TEST_GPS): Buffer {
  const tiff = Buffer.alloc(128);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: GPSInfo (0x8825), LONG, 1, offset 26.
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD at 26: four entries, then the rationals at 80 and 104.
  const entries: [tag: number, type: number, count: number, value: (at: number) => void][] = [
    [1, 2, 2, (at) => tiff.write('N\0', at, 'latin1')],
    [2, 5, 3, (at) => tiff.writeUInt32BE(80, at)],
    [3, 2, 2, (at) => tiff.write('E\0', at, 'latin1')],
    [4, 5, 3, (at) => tiff.writeUInt32BE(104, at)],
  ];
  tiff.writeUInt16BE(entries.length, 26);
  entries.forEach(([tag, type, count, value], index) => {
    const at = 28 + index * 12;
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    value(at + 8);
  });
  tiff.writeUInt32BE(0, 28 + entries.length * 12);
  const rationals = (values: readonly number[], at: number) =>
    values.forEach((value, index) => {
      tiff.writeUInt32BE(Math.round(value * 100), at + index * 8);
      tiff.writeUInt32BE(100, at + index * 8 + 4);
    });
  rationals(gps.lat, 80);
  rationals(gps.lon, 104);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** The JPEG with an Exif GPS segment right after its start-of-image marker. */
export function withExifGps(jpeg: Uint8Array): Uint8Array<ArrayBuffer> {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG.');
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), exifGpsSegment(), jpeg.subarray(2)]));
}

/**
 * A real baseline JPEG of 8 × 8 mid-grey pixels, written by hand: one quantisation table, the
 * smallest Huffman tables (one code each: DC difference 0, end of block) and one block of data.
 */
export function greyJpeg(): Uint8Array<ArrayBuffer> {
  const segment = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body];
  const jfif = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const quantisation = segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
  const frame = segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]);
  const oneCode = (tableClass: number, symbol: number) =>
    segment(0xc4, [tableClass << 4, 1, ...new Array<number>(15).fill(0), symbol]);
  const scan = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  return new Uint8Array([
    0xff,
    0xd8,
    ...jfif,
    ...quantisation,
    ...frame,
    ...oneCode(0, 0),
    ...oneCode(1, 0),
    ...scan,
    // DC difference 0 ("0"), end of block ("0"), padded with ones.
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** True when the bytes hold an Exif segment or the GPS position written above. */
export function carriesExif(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('latin1');
  return text.includes('Exif\0\0') || text.includes('MM\0*');
}
