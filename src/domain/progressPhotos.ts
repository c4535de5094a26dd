import { fieldError, type FieldError } from './fieldRules';
import { imageKind, type ImageKind } from './images';

/**
 * Progress photos: a person's own pictures with a date and a pose, stored as Parse Files only
 * their owner may download. The browser decodes each picture and draws it again on a canvas, so
 * what is uploaded carries pixels only (no EXIF, no location), at most PHOTO_LONGEST_SIDE pixels
 * on its longest side; the server refuses any upload that still carries metadata.
 */

export const PHOTO_POSES = ['front', 'side', 'back'] as const;
export type PhotoPose = (typeof PHOTO_POSES)[number];

/** The longest side, in pixels, of a photo as the browser stores it. */
export const PHOTO_LONGEST_SIDE = 1600;
/** The JPEG quality the browser encodes with: sharp at 1600 px, a few hundred kilobytes. */
export const PHOTO_QUALITY = 0.85;
/** The most a stored photo may take: four times what a 1600 px JPEG at 0.85 usually needs. */
export const MAX_PHOTO_BYTES = 3 * 1024 * 1024;
/** The largest width or height a row may name. */
export const MAX_PHOTO_SIDE = 8000;

/** The kinds a progress photo may be stored as, by their extension. */
const PHOTO_EXTENSIONS: Readonly<Record<ImageKind, string>> = { jpeg: 'jpg', webp: 'webp', png: 'png' };

/** What the browser names an upload of a progress photo. */
export function photoUploadName(kind: ImageKind): string {
  return `progress-photo.${PHOTO_EXTENSIONS[kind]}`;
}

/** True when an upload's name says it is a progress photo (not an avatar or an original). */
export function isPhotoUploadName(name: string): boolean {
  return /^progress-photo\.(?:jpg|webp|png)$/.test(name);
}

/** The name the server stores a photo under: whose it is, a random part and its real type. */
export function photoFileName(userId: string, random: string, kind: ImageKind): string {
  return `photo-${userId}-${random}.${PHOTO_EXTENSIONS[kind]}`;
}

/** The owner's id of a stored photo (the files adapter may put a random prefix before it), else null. */
export function photoOwnerOf(storedName: string): string | null {
  const match = /^(?:[0-9a-f]{32}_)?photo-([A-Za-z0-9]{1,32})-[0-9a-f]{32}\.(?:jpg|webp|png)$/.exec(
    storedName,
  );
  return match?.[1] ?? null;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** JPEG segments that carry metadata: APP1 (Exif, XMP), APP13 (Photoshop IPTC). */
function jpegMetadata(bytes: Uint8Array): string | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    // Start of scan: the picture's data follows, no more header segments.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker === 0xe1) {
      const head = ascii(bytes, at + 4, 29);
      if (head.startsWith('Exif')) return 'Exif';
      if (head.startsWith('http://ns.adobe.com/xap/1.0/')) return 'XMP';
    }
    if (marker === 0xed) return 'IPTC';
    at += 2 + length;
  }
  return null;
}

/** WebP chunks that carry metadata. */
function webpMetadata(bytes: Uint8Array): string | null {
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    if (id === 'EXIF') return 'Exif';
    if (id === 'XMP ') return 'XMP';
    const size =
      (bytes[at + 4] ?? 0) |
      ((bytes[at + 5] ?? 0) << 8) |
      ((bytes[at + 6] ?? 0) << 16) |
      ((bytes[at + 7] ?? 0) << 24);
    at += 8 + size + (size % 2);
  }
  return null;
}

/** PNG chunks that carry metadata: eXIf, and text chunks (XMP travels in iTXt). */
function pngMetadata(bytes: Uint8Array): string | null {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const size =
      (((bytes[at] ?? 0) << 24) >>> 0) +
      ((bytes[at + 1] ?? 0) << 16) +
      ((bytes[at + 2] ?? 0) << 8) +
      (bytes[at + 3] ?? 0);
    const id = ascii(bytes, at + 4, 4);
    if (id === 'eXIf') return 'Exif';
    if (id === 'iTXt' || id === 'tEXt' || id === 'zTXt') return 'text';
    if (id === 'IEND') return null;
    at += 12 + size;
  }
  return null;
}

/** The kind of metadata a picture's bytes still carry (Exif, XMP, IPTC, text), or null for none. */
export function imageMetadata(bytes: Uint8Array): string | null {
  const kind = imageKind(bytes);
  if (kind === 'jpeg') return jpegMetadata(bytes);
  if (kind === 'webp') return webpMetadata(bytes);
  if (kind === 'png') return pngMetadata(bytes);
  return null;
}

/** Why these bytes cannot be stored as a progress photo, naming the field `file`, or null when they can. */
export function photoFileProblem(bytes: Uint8Array): FieldError | null {
  if (bytes.length === 0) return fieldError('file', 'server.photo.empty');
  if (bytes.length > MAX_PHOTO_BYTES) {
    return fieldError('file', 'server.photo.tooLarge', { max: MAX_PHOTO_BYTES / 1024 ** 2 });
  }
  if (!imageKind(bytes)) return fieldError('file', 'server.photo.type');
  const metadata = imageMetadata(bytes);
  if (metadata) return fieldError('file', 'server.photo.metadata', { metadata });
  return null;
}
