import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeRoomKey } from '../src/domain/challenges';
import { dmRoomKey } from '../src/domain/chatRooms';
import {
  acceptedChallenge,
  callFunction,
  restClient,
  restClientFor,
  uniqueName,
  type Account,
} from './test/rest';
import {
  connectDatabase,
  createDataDir,
  freePort,
  removeDataDir,
  ROOT,
  startServerProcess,
  stopServerAndDatabase,
  waitForPostgresToExit,
  type ContainerImage,
  type ServerProcess,
} from './test/serverProcess';

/** The Dockerfile's runtime stage as a container runs it: its `ENV` and the node arguments of its `CMD`. */
function dockerfileImage(): ContainerImage {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env = Object.fromEntries(
    [...runtime.matchAll(/^ENV (.+)$/gm)].flatMap((line) =>
      (line[1] ?? '').split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]),
    ),
  );
  const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(runtime)?.[1] ?? '[]') as string[];
  if (cmd[0] !== 'node') throw new Error(`The Dockerfile's CMD does not start node: ${cmd.join(' ')}`);
  return { nodeArgs: cmd.slice(1), env };
}

const IMAGE = dockerfileImage();

/** The image as an operator runs it: `docker run -e PUBLIC_URL=… -p …`, with `env` on top. */
async function startImage(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  return startServerProcess({
    dataDir,
    port,
    image: { ...IMAGE, env: { ...IMAGE.env, PUBLIC_URL: `http://localhost:${port}`, ...env } },
  });
}

/** A GET as a client that sends its own Host header (fetch keeps the URL's). */
function getWithHost(
  url: string,
  host: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host, accept: 'text/html' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

/** Lines of a healthy start: only the server's own, none from Parse (its warnings and errors). */
function foreignLines(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('[fitstreak] '));
}

/** Runs SQL on the embedded database of a running server. */
async function sql(server: ServerProcess, statement: string): Promise<Record<string, unknown>[]> {
  const client = await connectDatabase(server.dataDir);
  try {
    return (await client.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe('the server started as the Dockerfile runs it', () => {
  let privateFolder: string;
  let privateMode: number;
  let dataDir: string;
  let first: ServerProcess;
  let firstOutput: string;
  let visitor: { username: string; password: string; objectId: string };
  let second: ServerProcess | undefined;

  beforeAll(async () => {
    // mkdtemp makes a folder only its owner may enter (0700), as /root is: the embedded
    // PostgreSQL, run as the postgres user when we are root, must still reach its data below it.
    privateFolder = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-private-'));
    privateMode = (await stat(privateFolder)).mode & 0o777;
    dataDir = path.join(privateFolder, 'data');
    first = await startImage(dataDir);
    firstOutput = first.output();
    const username = uniqueName('docker');
    const password = 'correct horse battery';
    const { objectId } = await restClient({
      baseUrl: first.baseUrl,
      appId: 'fitstreak',
      masterKey: '',
    }).signUp(username, password);
    visitor = { username, password, objectId };
  });

  afterAll(async () => {
    await stopServerAndDatabase(second);
    await stopServerAndDatabase(first);
    await rm(privateFolder, { recursive: true, force: true });
  });

  it('runs in production mode, as the image sets it', () => {
    expect(IMAGE.env.NODE_ENV).toBe('production');
    expect(IMAGE.nodeArgs).toContain('server/main.ts');
  });

  it('reaches ready on an empty data directory in a private folder with no line but its own', () => {
    expect(privateMode).toBe(0o700);
    expect(firstOutput).toContain('[fitstreak] Initialising the embedded database (first start)');
    expect(firstOutput).toMatch(/\[fitstreak\] ready at /);
    expect(foreignLines(firstOutput)).toEqual([]);
    expect(firstOutput).not.toMatch(/error|cannot start/i);
  });

  it('answers /healthz with every check ok', async () => {
    const response = await fetch(`${first.baseUrl}/healthz`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok', files: 'ok' });
  });

  it('signs a visitor up', () => {
    expect(visitor.objectId).toMatch(/^\w{10}$/);
  });

  it('reaches ready again on the data directory it made, and the person logs in', async () => {
    await stopServerAndDatabase(first);
    second = await startImage(dataDir);

    expect(second.output()).not.toContain('first start');
    expect(foreignLines(second.output())).toEqual([]);
    const again = await (await restClientFor(second)).logIn(visitor.username, visitor.password);
    expect(again.objectId).toBe(visitor.objectId);
  });
});

/** The index that kept a class's client keys unique, by name, with what it covers. */
async function clientKeyIndexes(server: ServerProcess): Promise<Record<string, unknown>[]> {
  return sql(
    server,
    `SELECT indexname, regexp_replace(indexdef, '^.* USING btree ', '') AS columns FROM pg_indexes
      WHERE indexname LIKE '%\\_unique\\_clientKey%' ORDER BY indexname`,
  );
}

describe('the migration at start', () => {
  let privateFolder: string;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let owner: Account;
  const keyed = {
    type: 'run',
    startedAt: { __type: 'Date', iso: '2025-05-04T07:30:00.000Z' },
    durationMin: 42,
    clientKey: randomUUID(),
  };
  let keyedId: string;
  /** A friend of the owner, in a friend room and a challenge room with them before rooms had roles. */
  let friend: Account;
  let rooms: { dm: string; challenge: string };

  beforeAll(async () => {
    privateFolder = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-upgrade-'));
    dataDir = path.join(privateFolder, 'data');
    const older = await startImage(dataDir);
    owner = await (await restClientFor(older)).signUp();
    const created = await (
      await restClientFor(older)
    ).request('POST', '/parse/classes/Activity', { sessionToken: owner.sessionToken, body: keyed });
    keyedId = String(created.body.objectId);
    // Client keys unique across everyone, as releases before the key was unique per person had them.
    for (const className of ['Activity', 'Meal', 'WeightEntry']) {
      await sql(older, `DROP INDEX IF EXISTS "${className}_unique_clientKey_user"`);
      await sql(
        older,
        `CREATE UNIQUE INDEX IF NOT EXISTS "${className}_unique_clientKey" ON "${className}" ("clientKey")`,
      );
    }
    // Private rooms as releases before their roles left them: a challenge's messages readable by
    // every signed-in person (a find trigger kept them apart), a friend room's by the two ids.
    const olderClient = await restClientFor(older);
    friend = await olderClient.signUp();
    await callFunction(olderClient, owner, 'sendFriendRequest', { username: friend.username });
    await callFunction(olderClient, friend, 'sendFriendRequest', { username: owner.username });
    const challengeId = await acceptedChallenge(olderClient, owner, friend, 'Spring miles');
    rooms = { dm: dmRoomKey(owner.objectId, friend.objectId), challenge: challengeRoomKey(challengeId) };
    for (const room of Object.values(rooms)) {
      const posted = await olderClient.request('POST', '/parse/classes/ChatMessage', {
        sessionToken: owner.sessionToken,
        body: { room, text: 'From before roles' },
      });
      expect(posted.status, posted.text).toBe(201);
    }
    await sql(older, `UPDATE "ChatMessage" SET "_rperm" = '{*}' WHERE room = '${rooms.challenge}'`);
    await sql(
      older,
      `UPDATE "ChatMessage" SET "_rperm" = '{${owner.objectId},${friend.objectId}}' WHERE room = '${rooms.dm}'`,
    );
    await sql(
      older,
      `DELETE FROM "_Join:users:_Role" WHERE "owningId" IN (SELECT "objectId" FROM "_Role" WHERE name LIKE 'chat-%')`,
    );
    await sql(older, `DELETE FROM "_Role" WHERE name LIKE 'chat-%'`);
    // The schema as an earlier release left it: a class, a field and a locked permission it lacked.
    await sql(older, `DELETE FROM "_SCHEMA" WHERE "className" = 'PushSubscription'`);
    await sql(older, `DROP TABLE "PushSubscription"`);
    await sql(
      older,
      `UPDATE "_SCHEMA" SET schema = (schema #- '{fields,maxHr}')
         || jsonb_build_object('classLevelPermissions', schema->'classLevelPermissions'
              || '{"addField": {"*": true}}'::jsonb)
       WHERE "className" = 'Activity'`,
    );
    await sql(older, `ALTER TABLE "Activity" DROP COLUMN "maxHr"`);
    await stopServerAndDatabase(older);
    server = await startImage(dataDir);
  });

  afterAll(async () => {
    await stopServerAndDatabase(server);
    await rm(privateFolder, { recursive: true, force: true });
  });

  it('brings a data directory of an older schema up to date in production mode', async () => {
    const running = server ?? expect.unreachable();
    const [activity] = await sql(running, `SELECT schema FROM "_SCHEMA" WHERE "className" = 'Activity'`);
    const schema = activity?.schema as { fields: Record<string, unknown>; classLevelPermissions: object };
    const columns = await sql(
      running,
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'Activity' AND column_name = 'maxHr'`,
    );
    const tables = await sql(running, `SELECT to_regclass('"PushSubscription"') IS NOT NULL AS present`);

    expect(foreignLines(running.output())).toEqual([]);
    expect(schema.fields.maxHr).toEqual({ type: 'Number' });
    expect(schema.classLevelPermissions).toMatchObject({ addField: {} });
    expect(columns).toHaveLength(1);
    expect(tables).toEqual([{ present: true }]);
  });

  it("gives private rooms' older messages their room's readers: the two of them, and no stranger", async () => {
    const running = server ?? expect.unreachable();
    const client = await restClientFor(running);
    const stranger = await client.signUp();
    const count = async (account: Account, room: string) => {
      const where = encodeURIComponent(JSON.stringify({ room: { $in: [room] } }));
      const { body } = await client.request(
        'GET',
        `/parse/classes/ChatMessage?count=1&limit=0&where=${where}`,
        {
          sessionToken: account.sessionToken,
        },
      );
      return body.count;
    };

    expect(running.output()).toContain("[fitstreak] Gave 2 messages of private rooms their room's readers.");
    for (const room of Object.values(rooms)) {
      expect(await count(stranger, room), room).toBe(0);
      expect(await count(owner, room), room).toBe(1);
      expect(await count(friend, room), room).toBe(1);
    }
  });

  it('makes client keys unique per person, keeping the rows saved with a key before', async () => {
    const running = server ?? expect.unreachable();
    const client = await restClientFor(running);
    const other = await client.signUp();
    const create = (account: Account) =>
      client.request('POST', '/parse/classes/Activity', { sessionToken: account.sessionToken, body: keyed });

    const [kept] = await sql(
      running,
      `SELECT "objectId", "clientKey" FROM "Activity" WHERE "user" = '${owner.objectId}'`,
    );
    const fromOther = await create(other);
    const repeated = await create(owner);

    expect(await clientKeyIndexes(running)).toEqual(
      ['Activity', 'BodyMeasurement', 'Meal', 'Recipe', 'SavedMeal', 'WeightEntry'].map((className) => ({
        indexname: `${className}_unique_clientKey_user`,
        columns: '("user", "clientKey")',
      })),
    );
    expect(kept).toEqual({ objectId: keyedId, clientKey: keyed.clientKey });
    expect(fromOther.status).toBe(201);
    expect(repeated.body.code).toBe(137);
  });

  it.each(['production', 'development'])(
    'stops in %s mode with a sentence naming a field whose type the migration cannot change',
    async (mode) => {
      if (server) {
        await sql(
          server,
          `UPDATE "_SCHEMA" SET schema = jsonb_set(schema, '{fields,notes}', '{"type": "Number"}')
           WHERE "className" = 'Activity'`,
        );
        await stopServerAndDatabase(server);
        server = undefined;
      }

      const start = startImage(dataDir, { NODE_ENV: mode });

      await expect(start).rejects.toThrow(
        /exited before it was ready \(code 1[\s\S]*\[fitstreak\] cannot start: The database schema does not match the code after the migration: Activity\.notes is a Number in the database but a String in the code\./,
      );
      await waitForPostgresToExit(dataDir, 10_000);
    },
  );
});

describe('the public address', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await createDataDir('public-url');
    // The image as `docker run` without `-e PUBLIC_URL` starts it.
    server = await startServerProcess({ dataDir, image: IMAGE });
  });

  afterAll(async () => {
    await stopServerAndDatabase(server);
    await removeDataDir(dataDir);
  });

  it('is localhost when unset: the image starts without PUBLIC_URL and says so in one warning', async () => {
    const own = `http://localhost:${server.port}`;

    const lines = server.output().split('\n');
    expect(lines.filter((line) => line.includes('PUBLIC_URL'))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\[fitstreak\\] warning: PUBLIC_URL is not set, so the app takes ${own} as its address: `,
        ),
      ),
    ]);
    expect(foreignLines(server.output())).toEqual([]);
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { serverURL: string };
    expect(config.serverURL).toBe(`${own}/parse`);
  });

  it('never comes from the Host header: /config.json and the CSP name localhost whatever Host says', async () => {
    const own = `http://localhost:${server.port}`;
    const host = 'fitstreak.attacker.example';

    const config = await getWithHost(`http://127.0.0.1:${server.port}/config.json`, host);
    const page = await getWithHost(`http://127.0.0.1:${server.port}/login`, host);

    expect(JSON.parse(config.body)).toMatchObject({
      serverURL: `${own}/parse`,
      liveQueryServerURL: `ws://localhost:${server.port}/parse`,
    });
    for (const answer of [config, page]) {
      expect(answer.headers['content-security-policy']).toContain(
        `connect-src 'self' ${own} ws://localhost:`,
      );
      expect(answer.headers['content-security-policy']).not.toContain(host);
    }
  });
});
