import { gunzipSync, gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { WorkoutDetail } from '../../src/domain/activity';
import type { ImportAnswer } from '../../src/domain/track';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

const GPX = '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>';

function upload(name: string, data: Uint8Array<ArrayBuffer>, account?: Account) {
  return request('POST', `/parse/files/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    raw: data,
    headers: { 'Content-Type': 'application/gzip' },
  });
}

async function kept(account: Account): Promise<{ name: string; url: string }> {
  const { status, body } = await upload('original.gpx.gz', gzipSync(strToU8(GPX)), account);
  if (status !== 201 || typeof body.name !== 'string' || typeof body.url !== 'string') {
    throw new Error(`Upload failed (${status}): ${JSON.stringify(body)}`);
  }
  return { name: body.name, url: body.url };
}

/** Fetches a stored file as a browser would, with a session or without. */
async function download(url: string, account?: Account) {
  const response = await fetch(url, {
    headers: account ? { 'X-Parse-Session-Token': account.sessionToken } : {},
  });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

function run(days: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'run',
    source: 'gpx',
    startedAt: new Date(Date.now() - days * 86_400_000).toISOString(),
    durationMin: 30,
    ...extra,
  };
}

async function importAs(account: Account, workouts: unknown[]) {
  const { body } = await request('POST', '/parse/functions/importWorkouts', {
    sessionToken: account.sessionToken,
    body: { workouts },
  });
  if (!body.result) throw new Error(`importWorkouts answered ${JSON.stringify(body)}`);
  return body.result as ImportAnswer;
}

async function activityIdOf(account: Account): Promise<string> {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
  const { body } = await request('GET', `/parse/classes/Activity?where=${where}`, { masterKey: true });
  return String((body.results as { objectId: string }[])[0]?.objectId);
}

async function detailOf(account: Account, activityId: string): Promise<WorkoutDetail> {
  const { body } = await request('POST', '/parse/functions/workoutDetail', {
    sessionToken: account.sessionToken,
    body: { activityId },
  });
  return body.result as WorkoutDetail;
}

describe('kept original files', () => {
  it('stores a gzipped upload under its owner’s name and lets only them download it', async () => {
    const [kim, lee] = await Promise.all([signUp(), signUp()]);
    const file = await kept(kim);

    expect(file.name).toMatch(
      new RegExp(`^(?:[0-9a-f]{32}_)?original-${kim.objectId}-[0-9a-f]{32}\\.gpx\\.gz$`),
    );
    const own = await download(file.url, kim);
    const asLee = await download(file.url, lee);
    const anonymous = await download(file.url);
    const metadata = await download(file.url.replace('/files/fitstreak/', '/files/fitstreak/metadata/'), lee);

    expect(own.status).toBe(200);
    expect(new TextDecoder().decode(gunzipSync(own.bytes))).toBe(GPX);
    expect(asLee.status).not.toBe(200);
    expect(anonymous.status).not.toBe(200);
    expect(new TextDecoder().decode(asLee.bytes)).not.toContain('gpx');
    expect(new TextDecoder().decode(metadata.bytes)).not.toContain('gpx');
  });

  it.each([
    ['not gzipped', 'original.gpx.gz', strToU8(GPX), 'An original file must be gzipped.'],
    [
      'of another kind',
      'original.exe.gz',
      gzipSync(strToU8('MZ')),
      'The avatar must be a PNG, JPEG or WebP image',
    ],
  ])('refuses an upload %s with 142', async (_case, name, data) => {
    const account = await signUp();

    const { body } = await upload(name, data, account);

    expect(body.code).toBe(142);
  });

  it('refuses an upload over 5 MB', async () => {
    const account = await signUp();
    const data = new Uint8Array(5 * 1024 ** 2 + 1);
    data.set([0x1f, 0x8b]);

    const { status } = await upload('original.fit.gz', data, account);

    expect(status).toBe(413);
  });

  it('refuses an anonymous upload', async () => {
    const { status } = await upload('original.gpx.gz', gzipSync(strToU8(GPX)));

    expect(status).not.toBe(201);
  });

  it('links an original to the workout imported from it, answers it to the owner, and refuses someone else’s', async () => {
    const [max, ned] = await Promise.all([signUp(), signUp()]);
    const mine = await kept(max);
    const theirs = await kept(ned);

    const refused = await importAs(max, [
      run(2, {
        originalFile: { __type: 'File', name: theirs.name, url: theirs.url },
        originalName: 'theirs.gpx',
      }),
      run(3, { originalFile: { __type: 'File', name: mine.name, url: mine.url } }),
    ]);
    const imported = await importAs(max, [
      run(1, {
        originalFile: { __type: 'File', name: mine.name, url: mine.url },
        originalName: 'morning.gpx',
      }),
    ]);

    expect(refused.refused).toEqual([
      { row: 1, reason: 'originalFile must be an original file you uploaded.' },
      { row: 2, reason: "originalName must be the file's name, at most 200 characters." },
    ]);
    expect(imported.imported).toBe(1);
    const activityId = await activityIdOf(max);
    const detail = await detailOf(max, activityId);
    expect(detail.original?.name).toBe('morning.gpx');
    expect((await download(detail.original?.url ?? '', max)).status).toBe(200);
    const { body } = await request('GET', '/parse/classes/OriginalFile', { sessionToken: ned.sessionToken });
    expect(body.results).toEqual([]);
    const created = await request('POST', '/parse/classes/OriginalFile', {
      sessionToken: ned.sessionToken,
      body: { name: 'x', file: { __type: 'File', name: mine.name } },
    });
    expect(created.status).not.toBe(201);

    // Deleting the workout deletes its original.
    const deleted = await request('DELETE', `/parse/classes/Activity/${activityId}`, {
      sessionToken: max.sessionToken,
    });
    expect(deleted.body).toEqual({});
    expect((await download(mine.url, max)).status).not.toBe(200);
  });
});
