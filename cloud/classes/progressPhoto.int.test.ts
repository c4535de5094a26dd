import { beforeAll, describe, expect, it } from 'vitest';
import { carriesExif, greyJpeg, withExifGps } from '../../e2e/support/photos';
import { MAX_PHOTO_BYTES } from '../../src/domain/progressPhotos';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

let alice: Account;
let friend: Account;
let stranger: Account;

/** Friendships are written by the server only, so the test creates one with the master key. */
async function befriend(a: Account, b: Account): Promise<void> {
  const { status } = await request('POST', '/parse/classes/Friendship', {
    masterKey: true,
    body: {
      from: userPointer(a.objectId),
      to: userPointer(b.objectId),
      status: 'accepted',
      ACL: { [a.objectId]: { read: true }, [b.objectId]: { read: true } },
    },
  });
  expect(status).toBe(201);
}

beforeAll(async () => {
  [alice, friend, stranger] = await Promise.all([signUp(), signUp(), signUp()]);
  await befriend(alice, friend);
});

function upload(data: Uint8Array<ArrayBuffer>, account?: Account, name = 'progress-photo.jpg') {
  return request('POST', `/parse/files/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    raw: data,
    headers: { 'Content-Type': 'image/jpeg' },
  });
}

interface StoredFile {
  __type: 'File';
  name: string;
  url: string;
}

async function uploaded(account: Account, data: Uint8Array<ArrayBuffer> = greyJpeg()): Promise<StoredFile> {
  const { status, body } = await upload(data, account);
  if (status !== 201 || typeof body.name !== 'string' || typeof body.url !== 'string') {
    throw new Error(`Upload failed (${status}): ${JSON.stringify(body)}`);
  }
  return { __type: 'File', name: body.name, url: body.url };
}

/** Fetches a stored file as a browser would, with a session or without. */
async function download(url: string, account?: Account) {
  const response = await fetch(url, {
    headers: account ? { 'X-Parse-Session-Token': account.sessionToken } : {},
  });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const photo = (file: StoredFile, fields: Record<string, unknown> = {}) => ({
  file,
  takenOn: { __type: 'Date', iso: new Date().toISOString() },
  pose: 'front',
  width: 8,
  height: 8,
  bytes: 200,
  ...fields,
});

function create(account: Account, body: Record<string, unknown>) {
  return request('POST', '/parse/classes/ProgressPhoto', { sessionToken: account.sessionToken, body });
}

describe('a progress photo', () => {
  it('is its owner’s alone: a friend, a stranger and an anonymous caller can neither read nor change the row, nor download the file with its URL', async () => {
    const file = await uploaded(alice);
    const created = await create(alice, { ...photo(file), user: userPointer(stranger.objectId) });
    expect(created.status).toBe(201);
    const path = `/parse/classes/ProgressPhoto/${String(created.body.objectId)}`;

    expect(file.name).toMatch(new RegExp(`^(?:[0-9a-f]{32}_)?photo-${alice.objectId}-[0-9a-f]{32}\\.jpg$`));
    const attempts = await Promise.all([
      request('GET', path, { sessionToken: friend.sessionToken }),
      request('GET', path, { sessionToken: stranger.sessionToken }),
      request('GET', path),
      request('PUT', path, { sessionToken: friend.sessionToken, body: { pose: 'back' } }),
      request('PUT', path, { sessionToken: stranger.sessionToken, body: { pose: 'back' } }),
      request('PUT', path, { body: { pose: 'back' } }),
      request('DELETE', path, { sessionToken: friend.sessionToken }),
      request('DELETE', path, { sessionToken: stranger.sessionToken }),
      request('DELETE', path),
    ]);
    expect(attempts.map(({ body }) => body.code)).toEqual([101, 101, 101, 101, 101, 101, 101, 101, 101]);
    const listed = await Promise.all(
      [friend, stranger].map((account) =>
        request('GET', '/parse/classes/ProgressPhoto', { sessionToken: account.sessionToken }),
      ),
    );
    expect(listed.map(({ body }) => body.results)).toEqual([[], []]);

    const downloads = await Promise.all([
      download(file.url, friend),
      download(file.url, stranger),
      download(file.url),
      download(file.url.replace('/files/fitstreak/', '/files/fitstreak/metadata/'), stranger),
    ]);
    for (const { status, bytes } of downloads.slice(0, 3)) {
      expect(status).not.toBe(200);
      expect(Buffer.from(bytes).includes(Buffer.from(greyJpeg()))).toBe(false);
    }
    expect(Buffer.from(downloads[3]?.bytes ?? []).includes(Buffer.from(greyJpeg()))).toBe(false);

    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.body).toMatchObject({ pose: 'front', user: userPointer(alice.objectId) });
    expect(own.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
    const ownFile = await download(file.url, alice);
    expect(ownFile.status).toBe(200);
    expect(Buffer.from(ownFile.bytes).equals(greyJpeg())).toBe(true);
  });

  it('cannot name another person’s file, nor change its file, nor name a file another row names', async () => {
    const [mine, theirs, another] = await Promise.all([uploaded(alice), uploaded(stranger), uploaded(alice)]);

    const refused = await create(alice, photo(theirs));
    const forged = await create(
      alice,
      photo({ ...theirs, name: `photo-${alice.objectId}-${'0'.repeat(32)}.exe` }),
    );
    const created = await create(alice, photo(mine));
    const changed = await request('PUT', `/parse/classes/ProgressPhoto/${String(created.body.objectId)}`, {
      sessionToken: alice.sessionToken,
      body: { file: another },
    });
    const twice = await create(alice, photo(mine));

    expect(refused.body).toMatchObject({ code: 142, error: 'file must be a photo you uploaded yourself.' });
    expect(forged.body.code).toBe(142);
    expect(created.status).toBe(201);
    expect(changed.body).toMatchObject({ code: 142, error: expect.stringContaining('file') as unknown });
    // A second row would share the file, and deleting either would take the other's picture.
    expect(twice.body).toMatchObject({ code: 142, error: expect.stringContaining('file') as unknown });
  });

  it.each([
    ['pose', 'left'],
    ['pose', undefined],
    ['takenOn', { __type: 'Date', iso: '2100-01-01T00:00:00.000Z' }],
    ['takenOn', 'yesterday'],
    ['width', 0],
    ['height', 8001],
    ['bytes', MAX_PHOTO_BYTES + 1],
  ])('refuses %s = %j with 142 naming the field', async (field, value) => {
    const file = await uploaded(alice);

    const refused = await create(alice, photo(file, { [field]: value }));

    expect(refused.body.code).toBe(142);
    expect(String(refused.body.error)).toContain(field);
  });

  it('refuses an upload that still carries Exif GPS metadata, is not a picture, or is too large, with 142 naming file', async () => {
    const gps = withExifGps(greyJpeg());
    expect(carriesExif(gps)).toBe(true);
    const tooLarge = new Uint8Array(MAX_PHOTO_BYTES + 1);
    tooLarge.set(greyJpeg());

    const answers = await Promise.all([
      upload(gps, alice),
      upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), alice),
      upload(tooLarge, alice),
    ]);
    const empty = await upload(new Uint8Array(0), alice);

    expect(answers.map(({ body }) => body.code)).toEqual([142, 142, 142]);
    expect(empty.status).not.toBe(201);
    expect(answers[0]?.body.error).toBe(
      'file still carries Exif metadata; the app removes it before uploading.',
    );
    expect(answers.every(({ body }) => String(body.error).startsWith('file '))).toBe(true);
  });

  it('refuses an anonymous upload', async () => {
    const { status } = await upload(greyJpeg());

    expect(status).not.toBe(201);
  });

  it('takes its stored file with it when deleted', async () => {
    const file = await uploaded(alice);
    const created = await create(alice, photo(file));
    expect((await download(file.url, alice)).status).toBe(200);

    const deleted = await request('DELETE', `/parse/classes/ProgressPhoto/${String(created.body.objectId)}`, {
      sessionToken: alice.sessionToken,
    });

    expect(deleted.body).toEqual({});
    expect((await download(file.url, alice)).status).not.toBe(200);
  });

  it('goes with the account, file and all', async () => {
    const person = await signUp();
    const file = await uploaded(person);
    expect((await create(person, photo(file))).status).toBe(201);
    const filePath = new URL(file.url).pathname;
    expect((await request('GET', filePath, { masterKey: true })).status).toBe(200);

    const { body } = await request('POST', '/parse/functions/deleteMyAccount', {
      sessionToken: person.sessionToken,
      body: { password: person.password },
    });

    expect(body.code).toBeUndefined();
    expect((await download(file.url, person)).status).not.toBe(200);
    const rows = await request('GET', '/parse/classes/ProgressPhoto', { masterKey: true });
    const names = (rows.body.results ?? []).map((row) => (row.file as StoredFile | undefined)?.name);
    expect(names).not.toContain(file.name);
    expect((await request('GET', filePath, { masterKey: true })).status).toBe(404);
  });
});
