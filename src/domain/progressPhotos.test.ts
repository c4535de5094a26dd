import { describe, expect, it } from 'vitest';
import { carriesExif, greyJpeg, withExifGps } from '../../e2e/support/photos';
import {
  MAX_PHOTO_BYTES,
  imageMetadata,
  isPhotoUploadName,
  photoFileName,
  photoFileProblem,
  photoOwnerOf,
} from './progressPhotos';

const ID = 'Ab12Cd34Ef';
const RANDOM = '0123456789abcdef0123456789abcdef';

function pngWith(chunkType: string): Uint8Array {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const chunk = (type: string, length: number) => [
    0,
    0,
    0,
    length,
    ...Array.from(type, (c) => c.charCodeAt(0)),
    ...new Array<number>(length).fill(0),
    0,
    0,
    0,
    0,
  ];
  return new Uint8Array([...signature, ...chunk('IHDR', 13), ...chunk(chunkType, 4), ...chunk('IEND', 0)]);
}

function webpWith(chunkType: string): Uint8Array {
  const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
  return new Uint8Array([
    ...ascii('RIFF'),
    30,
    0,
    0,
    0,
    ...ascii('WEBP'),
    ...ascii('VP8 '),
    2,
    0,
    0,
    0,
    0,
    0,
    ...ascii(chunkType),
    2,
    0,
    0,
    0,
    0,
    0,
  ]);
}

describe('imageMetadata', () => {
  it('finds an Exif segment with a GPS position in a JPEG, and nothing in a plain one', () => {
    const located = withExifGps(greyJpeg());

    expect(carriesExif(located)).toBe(true);
    expect(imageMetadata(located)).toBe('Exif');
    expect(imageMetadata(greyJpeg())).toBeNull();
  });

  it('finds XMP in a JPEG, Exif and XMP chunks in a WebP, and eXIf and text chunks in a PNG', () => {
    const xmpHead = Array.from('http://ns.adobe.com/xap/1.0/\0', (c) => c.charCodeAt(0));
    const xmp = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, xmpHead.length + 2, ...xmpHead, 0xff, 0xd9]);

    expect(imageMetadata(xmp)).toBe('XMP');
    expect(imageMetadata(webpWith('EXIF'))).toBe('Exif');
    expect(imageMetadata(webpWith('XMP '))).toBe('XMP');
    expect(imageMetadata(webpWith('ALPH'))).toBeNull();
    expect(imageMetadata(pngWith('eXIf'))).toBe('Exif');
    expect(imageMetadata(pngWith('iTXt'))).toBe('text');
    expect(imageMetadata(pngWith('IDAT'))).toBeNull();
  });
});

describe('photoFileProblem', () => {
  it('refuses metadata, other types, empty and too large files, naming file', () => {
    const tooLarge = new Uint8Array(MAX_PHOTO_BYTES + 1);
    tooLarge.set(greyJpeg());

    expect(photoFileProblem(greyJpeg())).toBeNull();
    expect(photoFileProblem(withExifGps(greyJpeg()))).toMatchObject({
      field: 'file',
      message: 'file still carries Exif metadata; the app removes it before uploading.',
    });
    expect(photoFileProblem(new TextEncoder().encode('<svg></svg>'))?.message).toBe(
      'file must be a JPEG, WebP or PNG image.',
    );
    expect(photoFileProblem(new Uint8Array(0))?.field).toBe('file');
    expect(photoFileProblem(tooLarge)?.message).toBe('file must be 3 MB or smaller.');
  });
});

describe('stored names', () => {
  it('names the owner, with or without the files adapter’s prefix, and nothing else', () => {
    const name = photoFileName(ID, RANDOM, 'jpeg');

    expect(name).toBe(`photo-${ID}-${RANDOM}.jpg`);
    expect(photoOwnerOf(name)).toBe(ID);
    expect(photoOwnerOf(`${RANDOM}_${name}`)).toBe(ID);
    expect(photoOwnerOf(`photo-${ID}-short.jpg`)).toBeNull();
    expect(photoOwnerOf(`${ID}-avatar.png`)).toBeNull();
    expect(isPhotoUploadName('progress-photo.jpg')).toBe(true);
    expect(isPhotoUploadName('avatar.jpg')).toBe(false);
  });
});
