import type { MessageId } from '../i18n/messages';
import { problem, type Problem } from './errors';
import { isObjectId } from './ids';
import { formatDecimal } from './labels';

/** The pictures a person may use as their avatar, recognised by their first bytes, never by name or type. */
export type ImageKind = 'png' | 'jpeg' | 'webp';

export interface ImageKindInfo {
  mimeType: string;
  extension: string;
  label: string;
}

export const IMAGE_KINDS: Readonly<Record<ImageKind, ImageKindInfo>> = {
  png: { mimeType: 'image/png', extension: 'png', label: 'PNG' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
  webp: { mimeType: 'image/webp', extension: 'webp', label: 'WebP' },
};

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** How many leading bytes of a file `avatarFileProblem` needs to name what the file is. */
export const SNIFF_BYTES = 512;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];
const GIF = [0x47, 0x49, 0x46, 0x38];
const PDF = [0x25, 0x50, 0x44, 0x46];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return (
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte)
  );
}

/** PNG, JPEG or WebP by the file's magic number, or null for anything else. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}

/** The refusal of a file that is not a picture, saying what the file is when that is known. */
function otherFileProblem(bytes: Uint8Array): MessageId {
  if (startsWith(bytes, GIF)) return 'account.avatar.gif';
  if (startsWith(bytes, PDF)) return 'account.avatar.pdf';
  // Markup may start with a byte-order mark, spaces or comments, so look for its tags anywhere in the head.
  const head = Array.from(bytes.subarray(0, SNIFF_BYTES), (byte) => String.fromCharCode(byte)).join('');
  const text = head.toLowerCase();
  if (text.includes('<svg')) return 'account.avatar.svg';
  if (/<!doctype html|<html|<head|<body|<script|<iframe/.test(text)) return 'account.avatar.html';
  if (text.trimStart().startsWith('<?xml')) return 'account.avatar.xml';
  return 'account.avatar.otherType';
}

const MEGABYTE = 1024 * 1024;

/** Megabytes to one decimal, rounded up, so a file just over the limit never reads as "2.0". */
function megabytes(size: number): string {
  return formatDecimal(Math.ceil((size / MEGABYTE) * 10) / 10, 1);
}

/**
 * Why a file cannot be an avatar, as a sentence naming the field, or null when it can.
 * `head` is at least the first SNIFF_BYTES bytes (or the whole file); `size` the whole file's length.
 */
export function avatarFileProblem(head: Uint8Array, size: number): Problem | null {
  if (size === 0) return problem('account.avatar.empty');
  if (size > AVATAR_MAX_BYTES) {
    return problem('account.avatar.tooLarge', { max: AVATAR_MAX_BYTES / MEGABYTE, size: megabytes(size) });
  }
  if (!imageKind(head)) return problem(otherFileProblem(head));
  return null;
}

const EXTENSIONS = Object.values(IMAGE_KINDS)
  .map(({ extension }) => extension)
  .join('|');

/** The name the server stores an uploaded avatar under: its uploader and its real type are in it. */
export function avatarFileName(userId: string, kind: ImageKind): string {
  return `${userId}-avatar.${IMAGE_KINDS[kind].extension}`;
}

/**
 * True when a stored file name is an avatar uploaded by `userId`; the files adapter may put a
 * random prefix before the name given at upload.
 */
export function isAvatarFileOf(storedName: string, userId: string): boolean {
  if (!isObjectId(userId)) return false;
  return new RegExp(`^(?:[0-9a-f]{32}_)?${userId}-avatar\\.(?:${EXTENSIONS})$`).test(storedName);
}
