import { beforeAll, describe, expect, it } from 'vitest';
import { injectedTarget, request, signUp, type Account, type ParseReply } from '../../server/test/rest';
import { ONE_PIXEL_PNG as PNG } from '../../server/test/pictures';

const MEGABYTE = 1024 * 1024;
const text = (value: string) => new TextEncoder().encode(value);

/** The start of a JFIF JPEG and of a lossy WebP: the server goes by these first bytes. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...text('JFIF'), 0x00, 0x01, 0x01, 0x00]);
const WEBP = new Uint8Array([...text('RIFF'), 0x1a, 0, 0, 0, ...text('WEBPVP8 '), 0x0e, 0, 0, 0, 0x30, 0x01]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(1)</script></body></html>';

/** A PNG signature followed by zeros, `size` bytes in all. */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG.subarray(0, 8));
  return bytes;
}

function upload(
  name: string,
  contentType: string,
  data: Uint8Array<ArrayBuffer> | string,
  sessionToken?: string,
  headers: Record<string, string> = {},
) {
  return request('POST', `/parse/files/${name}`, {
    ...(sessionToken ? { sessionToken } : {}),
    raw: data,
    headers: { 'Content-Type': contentType, ...headers },
  });
}

interface StoredFile {
  name: string;
  url: string;
}

async function uploaded(account: Account, data: Uint8Array<ArrayBuffer> = PNG): Promise<StoredFile> {
  const { status, body } = await upload('avatar.png', 'image/png', data, account.sessionToken);
  if (status !== 201 || typeof body.name !== 'string' || typeof body.url !== 'string') {
    throw new Error(`Upload failed (${status}): ${JSON.stringify(body)}`);
  }
  return { name: body.name, url: body.url };
}

function setAvatar(account: Account, avatar: unknown, as: Account = account) {
  return request('PUT', `/parse/users/${account.objectId}`, {
    sessionToken: as.sessionToken,
    body: { avatar },
  });
}

/** A File value as the JavaScript SDK sends it: the stored name and the URL it is served under. */
const fileValue = (file: StoredFile) => ({ __type: 'File', name: file.name, url: file.url });

/** A File value for a name this server never handed out. */
function madeUpFile(name: string) {
  const { baseUrl, appId } = injectedTarget();
  return { __type: 'File', name, url: `${baseUrl}/parse/files/${appId}/${name}` };
}

async function storedAvatar(account: Account): Promise<unknown> {
  const { body } = await request('GET', `/parse/users/${account.objectId}`, { masterKey: true });
  return (body as ParseReply & { avatar?: { name?: unknown } }).avatar?.name;
}

async function download(url: string): Promise<{ status: number; contentType: string | null }> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, contentType: response.headers.get('content-type') };
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
});

describe('avatar uploads', () => {
  it.each([
    ['a PNG', PNG, 'image/png', 'png'],
    ['a JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['a WebP', WEBP, 'image/webp', 'webp'],
  ] as const)(
    'accepts %s from a signed-in person, named after them',
    async (_case, data, type, extension) => {
      const { status, body } = await upload(`photo.${extension}`, type, data, alice.sessionToken);

      expect(status).toBe(201);
      expect(body.name).toMatch(new RegExp(`^[0-9a-f]{32}_${alice.objectId}-avatar\\.${extension}$`));
      expect(await download(String(body.url))).toEqual({ status: 200, contentType: type });
    },
  );

  it('stores a JPEG called .png as a .jpg, so it is served as what it is', async () => {
    const { status, body } = await upload('avatar.png', 'image/png', JPEG, alice.sessionToken);

    expect(status).toBe(201);
    expect(body.name).toMatch(/\.jpg$/);
    expect((await download(String(body.url))).contentType).toBe('image/jpeg');
  });

  it.each([
    ['page.html', 'text/html', HTML],
    ['drawing.svg', 'image/svg+xml', SVG],
  ])('refuses %s by its extension with error 130', async (name, type, data) => {
    const { status, body } = await upload(name, type, data, alice.sessionToken);

    expect(status).toBe(400);
    expect(body.code).toBe(130);
  });

  it.each([
    ['an SVG named .png', 'avatar.png', 'image/png', SVG, 'an SVG drawing'],
    ['an SVG named .webp', 'avatar.webp', 'image/svg+xml', `<?xml version="1.0"?>\n${SVG}`, 'an SVG drawing'],
    ['an HTML page named .png', 'avatar.png', 'image/png', HTML, 'an HTML page'],
    ['an HTML page named .jpg', 'avatar.jpg', 'text/html', HTML, 'an HTML page'],
    ['a GIF named .gif', 'avatar.gif', 'image/gif', 'GIF89a\x01\x00\x01\x00', 'a GIF image'],
    ['text named .png', 'avatar.png', 'image/png', 'hello', 'not one of them'],
  ])('refuses %s by its bytes with error 142 naming the type', async (_case, name, type, data, kind) => {
    const { status, body } = await upload(name, type, data, alice.sessionToken);

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toBe(`The avatar must be a PNG, JPEG or WebP image; this file is ${kind}.`);
  });

  it('accepts exactly 2 MB and refuses 2 MB and one byte with error 142', async () => {
    const atLimit = await upload('big.png', 'image/png', pngOfSize(2 * MEGABYTE), alice.sessionToken);
    const over = await upload('huge.png', 'image/png', pngOfSize(2 * MEGABYTE + 1), alice.sessionToken);

    expect(atLimit.status).toBe(201);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(142);
    expect(over.body.error).toBe('The avatar must be 2 MB or smaller; this file is 2.1 MB.');
  });

  it('refuses an upload without a session (error 130) or with a revoked one (error 209)', async () => {
    const anonymous = await upload('avatar.png', 'image/png', PNG);
    const badSession = await upload('avatar.png', 'image/png', PNG, 'r:not-a-session');

    expect(anonymous.status).toBe(400);
    expect(anonymous.body.code).toBe(130);
    expect(badSession.body.code).toBe(209);
  });

  it('refuses a streamed upload, whose bytes it could not check', async () => {
    const { status, body } = await upload('avatar.png', 'image/png', PNG, alice.sessionToken, {
      'X-Parse-Upload-Mode': 'stream',
    });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
  });
});

describe('_User.avatar', () => {
  it('sets an own upload, deletes the old file when replaced, and the last one when removed', async () => {
    const carol = await signUp();
    const first = await uploaded(carol);
    const second = await uploaded(carol, JPEG);

    const setFirst = await setAvatar(carol, fileValue(first));
    expect(setFirst.status).toBe(200);
    expect(await storedAvatar(carol)).toBe(first.name);
    const me = await request('GET', '/parse/users/me', { sessionToken: carol.sessionToken });
    expect((me.body.avatar as { url?: unknown } | undefined)?.url).toBe(first.url);

    const replaced = await setAvatar(carol, fileValue(second));
    expect(replaced.status).toBe(200);
    expect(await storedAvatar(carol)).toBe(second.name);
    expect((await download(first.url)).status).toBe(404);
    expect((await download(second.url)).status).toBe(200);

    const removed = await setAvatar(carol, { __op: 'Delete' });
    expect(removed.status).toBe(200);
    expect(await storedAvatar(carol)).toBeUndefined();
    expect((await download(second.url)).status).toBe(404);
  });

  it('refuses a File value without a URL with error 142, and the server keeps running', async () => {
    const gina = await signUp();
    const file = await uploaded(gina);

    const nameOnly = await setAvatar(gina, { __type: 'File', name: file.name });
    const withDisplayName = await request('PUT', `/parse/users/${gina.objectId}`, {
      sessionToken: gina.sessionToken,
      body: { displayName: 'x'.repeat(51), avatar: { __type: 'File', name: file.name } },
    });
    const later = await setAvatar(gina, fileValue(file));

    expect(nameOnly.body.code).toBe(142);
    expect(withDisplayName.body.code).toBe(142);
    expect(later.status).toBe(200);
    expect(await storedAvatar(gina)).toBe(file.name);
  });

  it('keeps the file when the same avatar is saved again or another field changes', async () => {
    const dave = await signUp();
    const file = await uploaded(dave);
    await setAvatar(dave, fileValue(file));

    const again = await setAvatar(dave, fileValue(file));
    const renamed = await request('PUT', `/parse/users/${dave.objectId}`, {
      sessionToken: dave.sessionToken,
      body: { displayName: 'Dave' },
    });

    expect(again.status).toBe(200);
    expect(renamed.status).toBe(200);
    expect(await storedAvatar(dave)).toBe(file.name);
    expect((await download(file.url)).status).toBe(200);
  });

  it("refuses someone else's upload as one's avatar, and their file survives", async () => {
    const alicesFile = await uploaded(alice);
    await setAvatar(alice, fileValue(alicesFile));

    const { status, body } = await setAvatar(bob, fileValue(alicesFile));
    // Had it been accepted, Bob replacing his avatar would have deleted Alice's picture.
    const bobsOwn = await setAvatar(bob, fileValue(await uploaded(bob)));

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toBe('avatar must be a picture you uploaded yourself.');
    expect(bobsOwn.status).toBe(200);
    expect((await download(alicesFile.url)).status).toBe(200);
  });

  it.each([
    ['an outside URL', 130, { __type: 'File', name: 'x.png', url: 'https://attacker.example/x.png' }],
    ['a made-up name', 142, madeUpFile('avatar.png')],
    ['a name in the pattern of an upload by someone else', 142, madeUpFile('someone000-avatar.png')],
  ])('refuses %s as an avatar with error %i', async (_case, code, avatar) => {
    const erin = await signUp();
    const { status, body } = await setAvatar(erin, avatar);

    expect(status).toBe(400);
    expect(body.code).toBe(code);
    expect(await storedAvatar(erin)).toBeUndefined();
  });

  it('refuses an own upload under an outside URL with error 130', async () => {
    const hank = await signUp();
    const file = await uploaded(hank);

    const { body } = await setAvatar(hank, {
      ...fileValue(file),
      url: `https://attacker.example/${file.name}`,
    });

    expect(body.code).toBe(130);
    expect(await storedAvatar(hank)).toBeUndefined();
  });

  it("refuses another person's and an anonymous caller's change to someone's avatar", async () => {
    const frank = await signUp();
    const franksFile = await uploaded(frank);
    await setAvatar(frank, fileValue(franksFile));
    const bobsFile = await uploaded(bob);

    const setByBob = await setAvatar(frank, fileValue(bobsFile), bob);
    const clearedByBob = await setAvatar(frank, { __op: 'Delete' }, bob);
    const clearedAnonymously = await request('PUT', `/parse/users/${frank.objectId}`, {
      body: { avatar: { __op: 'Delete' } },
    });

    expect(setByBob.status).not.toBe(200);
    expect(clearedByBob.status).not.toBe(200);
    expect(clearedAnonymously.status).not.toBe(200);
    expect(await storedAvatar(frank)).toBe(franksFile.name);
    expect((await download(franksFile.url)).status).toBe(200);
  });
});
