import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarFileName, avatarFileProblem, imageKind, isAvatarFileOf } from './images';

const text = (value: string) => new TextEncoder().encode(value);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const webp = new Uint8Array([...text('RIFF'), 0x24, 0, 0, 0, ...text('WEBPVP8 ')]);

describe('imageKind', () => {
  it('recognises PNG, JPEG and WebP by their magic numbers', () => {
    expect(imageKind(png)).toBe('png');
    expect(imageKind(jpeg)).toBe('jpeg');
    expect(imageKind(webp)).toBe('webp');
  });

  it('returns null for markup, other images, other RIFF files and short or empty files', () => {
    const samples = [
      text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      text('<!doctype html><p>hi</p>'),
      text('GIF89a'),
      new Uint8Array([...text('RIFF'), 0x24, 0, 0, 0, ...text('WAVEfmt ')]),
      png.subarray(0, 7),
      new Uint8Array([0xff, 0xd8]),
      new Uint8Array(),
    ];
    for (const sample of samples) expect(imageKind(sample)).toBeNull();
  });
});

describe('avatarFileProblem', () => {
  it('accepts a PNG, JPEG or WebP of up to 2 MB', () => {
    expect(avatarFileProblem(png, png.length)).toBeNull();
    expect(avatarFileProblem(jpeg, AVATAR_MAX_BYTES)).toBeNull();
    expect(avatarFileProblem(webp, 1000)).toBeNull();
  });

  it('names the type of a refused file when it knows it', () => {
    const problem = (value: string) => avatarFileProblem(text(value), value.length)?.message;

    expect(problem('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')).toBe(
      'The avatar must be a PNG, JPEG or WebP image; this file is an SVG drawing.',
    );
    expect(problem('<?xml version="1.0"?>\n<!-- x -->\n<svg/>')).toContain('an SVG drawing');
    expect(problem('\ufeff  <!DOCTYPE html><html><body>hi</body></html>')).toContain('an HTML page');
    expect(problem('GIF89a...')).toContain('a GIF image');
    expect(problem('%PDF-1.7')).toContain('a PDF document');
    expect(problem('hello')).toBe(
      'The avatar must be a PNG, JPEG or WebP image; this file is not one of them.',
    );
  });

  it('refuses a file over 2 MB whatever its type, and an empty one', () => {
    expect(avatarFileProblem(png, AVATAR_MAX_BYTES + 1)?.message).toBe(
      'The avatar must be 2 MB or smaller; this file is 2.1 MB.',
    );
    expect(avatarFileProblem(new Uint8Array(), 0)?.message).toBe('The avatar file is empty.');
  });
});

describe('avatar file names', () => {
  it('names the uploader and the real type', () => {
    expect(avatarFileName('abc123XYZ0', 'jpeg')).toBe('abc123XYZ0-avatar.jpg');
  });

  it('knows an avatar of a user with or without the random prefix the adapter adds', () => {
    const prefix = '0123456789abcdef0123456789abcdef_';

    expect(isAvatarFileOf(`${prefix}abc123XYZ0-avatar.webp`, 'abc123XYZ0')).toBe(true);
    expect(isAvatarFileOf('abc123XYZ0-avatar.png', 'abc123XYZ0')).toBe(true);
  });

  it("refuses someone else's avatar, other names and odd user ids", () => {
    const prefix = '0123456789abcdef0123456789abcdef_';

    expect(isAvatarFileOf(`${prefix}other00000-avatar.webp`, 'abc123XYZ0')).toBe(false);
    expect(isAvatarFileOf(`${prefix}abc123XYZ0-avatar.svg`, 'abc123XYZ0')).toBe(false);
    expect(isAvatarFileOf(`${prefix}page.png`, 'abc123XYZ0')).toBe(false);
    expect(isAvatarFileOf(`x${prefix}abc123XYZ0-avatar.png`, 'abc123XYZ0')).toBe(false);
    expect(isAvatarFileOf('-avatar.png', '')).toBe(false);
    expect(isAvatarFileOf('a-avatar.png', 'a.*')).toBe(false);
  });
});
