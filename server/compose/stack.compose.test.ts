/**
 * docker-compose.yml's stack under podman: three app replicas behind nginx, PostgreSQL, Redis, the S3
 * stand-in and Parse Dashboard, reached only as people and operators reach them (the proxy's ports
 * on this host). scripts/test-compose.ts (`npm run test:compose`) starts the stack, runs this file and
 * removes everything. Every replica answers with X-Served-By (SERVED_BY=true), so a test can tell
 * which one served a request without going around the proxy.
 */
import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicRoomKey } from '../../src/domain/chatRooms';
import { LiveQuerySocket } from '../test/liveQuery';
import { parseDate, restClient, uniqueName, type Account, type RestResponse } from '../test/restClient';
import { loadCompose, type ComposeProject, type Service } from './composeFile';
import { containerName, Podman, PROJECT_LABEL, waitHealthy } from './podman';
import { ONE_PIXEL_PNG as PNG } from '../test/pictures';

const PUBLIC_URL = 'http://127.0.0.1:1337';
const DASHBOARD_URL = 'http://127.0.0.1:4040';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this file through npm run test:compose.`);
  return value;
}

let project: ComposeProject;
let app: Service;
let replicas: string[];
let podman: Podman;
let client: ReturnType<typeof restClient>;
let admin: ReturnType<typeof restClient>;
const sockets: LiveQuerySocket[] = [];

beforeAll(() => {
  project = loadCompose(JSON.parse(required('COMPOSE_FILES')) as string[], process.env);
  const service = project.services.app;
  if (service === undefined) throw new Error('docker-compose.yml has no app service.');
  app = service;
  replicas = Array.from({ length: Number(required('COMPOSE_REPLICAS')) }, (_, index) =>
    containerName(project, app, index + 1),
  );
  podman = new Podman({ env: { CONTAINERS_CONF: required('CONTAINERS_CONF') } });
  const target = { appId: app.environment.APP_ID ?? 'fitstreak', masterKey: required('MASTER_KEY') };
  client = restClient({ ...target, baseUrl: PUBLIC_URL });
  admin = restClient({ ...target, baseUrl: DASHBOARD_URL });
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
});

const servedBy = (response: { headers: Headers }) => response.headers.get('x-served-by') ?? '';

/** Asks again, every `intervalMs`, until `done` holds of an answer; the answers that did not hold are kept. */
async function askUntil<T>(
  what: string,
  ask: () => T | Promise<T>,
  done: (answer: T) => boolean,
  { attempts = 60, intervalMs = 0 } = {},
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${what}: not after ${attempts} attempts.`);
}

async function logWorkout(account: Account, notes: string): Promise<RestResponse> {
  return client.request('POST', '/parse/classes/Activity', {
    sessionToken: account.sessionToken,
    body: { type: 'run', startedAt: parseDate(new Date()), durationMin: 30, notes },
  });
}

describe('docker-compose.yml under podman, through nginx', () => {
  it('spreads requests over every replica, each healthy with the database, Redis and the file store', async () => {
    const seen = new Map<string, unknown>();
    await askUntil(
      'every replica answering /healthz',
      async () => {
        const response = await fetch(`${PUBLIC_URL}/healthz`);
        seen.set(servedBy(response), await response.json());
      },
      () => replicas.every((replica) => seen.has(replica)),
      { attempts: 200, intervalMs: 100 },
    );

    expect([...seen.keys()].sort()).toEqual([...replicas].sort());
    for (const report of seen.values()) {
      expect(report).toEqual({ status: 'ok', database: 'ok', redis: 'ok', files: 'ok' });
    }
  });

  it('signs a person up, logs a workout through one replica and reads it through another', async () => {
    const person = await client.signUp();
    const logged = await logWorkout(person, 'Tempo run along the river');
    expect(logged.status, logged.text).toBe(201);
    const writer = servedBy(logged);
    expect(replicas).toContain(writer);

    const read = await askUntil(
      'a read served by another replica',
      () => client.request('GET', `/parse/classes/Activity/${String(logged.body.objectId)}`, person),
      (response) => servedBy(response) !== writer,
      { attempts: 200, intervalMs: 100 },
    );

    expect(read.status, read.text).toBe(200);
    expect(replicas).toContain(servedBy(read));
    expect(read.body.notes).toBe('Tempo run along the river');
  });

  it('delivers a chat message to a subscriber whose socket goes through another replica', async () => {
    const [first = '', ...others] = replicas;
    const poster = await client.signUp();
    const reader = await client.signUp();
    const room = topicRoomKey('swim');

    // With the other replicas stopped, the reader's WebSocket can only reach the first one.
    await podman.run(['stop', ...others], 60_000);
    let subscription: { socket: LiveQuerySocket; requestId: number };
    try {
      // nginx lets a stopped replica go when its name no longer resolves; until then a request may
      // wait on it. Five answers in a row from the first replica say that time is over.
      let streak = 0;
      await askUntil(
        'the first replica answering alone',
        async () => {
          const response = await fetch(`${PUBLIC_URL}/healthz`);
          streak = response.ok && servedBy(response) === first ? streak + 1 : 0;
          return streak;
        },
        (count) => count >= 5,
        { attempts: 120, intervalMs: 250 },
      );
      const socket = await LiveQuerySocket.open(PUBLIC_URL, app.environment.APP_ID ?? 'fitstreak');
      sockets.push(socket);
      expect((await socket.connect(reader.sessionToken)).op).toBe('connected');
      const { requestId, reply } = await socket.subscribe('ChatMessage', { room }, reader.sessionToken);
      expect(reply.op).toBe('subscribed');
      subscription = { socket, requestId };
    } finally {
      await podman.run(['start', ...others], 60_000);
      await Promise.all(others.map((replica) => waitHealthy(podman, replica, app, Date.now() + 180_000)));
    }
    const { socket, requestId } = subscription;

    const posted = await askUntil(
      'a message posted through another replica',
      () =>
        client.request('POST', '/parse/classes/ChatMessage', {
          sessionToken: poster.sessionToken,
          body: { room, text: 'Four lengths of butterfly today' },
        }),
      (response) => response.status === 201 && servedBy(response) !== first,
      // At most 20 chat messages in 10 s are accepted from one address.
      { intervalMs: 1000 },
    );

    expect(posted.status, posted.text).toBe(201);
    // The replica that saved it has just restarted on two shared cores: its first event may take
    // longer than the usual five seconds to come through Redis.
    const created = await socket.created(requestId, String(posted.body.objectId), 30_000);
    expect(created.object?.text).toBe('Four lengths of butterfly today');
  });

  it('stores an uploaded avatar in the S3 store and serves it through every replica', async () => {
    const person = await client.signUp();
    const upload = await client.request('POST', '/parse/files/avatar.png', {
      sessionToken: person.sessionToken,
      raw: PNG,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(upload.status, upload.text).toBe(201);
    const name = String(upload.body.name);
    const set = await client.request('PUT', `/parse/users/${person.objectId}`, {
      sessionToken: person.sessionToken,
      body: { avatar: { __type: 'File', name, url: upload.body.url } },
    });
    expect(set.status, set.text).toBe(200);

    const served = new Map<string, Uint8Array>();
    await askUntil(
      'the avatar served by every replica',
      async () => {
        const response = await fetch(
          `${PUBLIC_URL}/parse/files/${app.environment.APP_ID ?? 'fitstreak'}/${name}`,
        );
        expect(response.status).toBe(200);
        served.set(servedBy(response), new Uint8Array(await response.arrayBuffer()));
      },
      () => replicas.every((replica) => served.has(replica)),
      { attempts: 200, intervalMs: 100 },
    );

    expect([...served.values()]).toEqual(replicas.map(() => PNG));
  });

  it('publishes the dashboard on the host loopback only, and accepts the master key only on its path', async () => {
    const login = await fetch(`${DASHBOARD_URL}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('Parse Dashboard');
    const proxy = project.services.proxy;
    const dashboard = project.services.dashboard;
    if (proxy === undefined || dashboard === undefined) throw new Error('proxy or dashboard is missing.');
    expect(await podman.run(['port', containerName(project, proxy, 1), '4040/tcp'])).toBe('127.0.0.1:4040');
    expect(await podman.run(['port', containerName(project, dashboard, 1)])).toBe('');
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal);
    if (outward !== undefined) {
      await expect(fetch(`http://${outward.address}:4040/login`)).rejects.toThrow();
    }
    const onPublic = await fetch(`${PUBLIC_URL}/login`);
    expect(await onPublic.text()).not.toContain('Parse Dashboard');

    const refused = await client.request('GET', '/parse/classes/_User?limit=1', { masterKey: true });
    const accepted = await admin.request('GET', '/parse/classes/_User?limit=1', { masterKey: true });

    expect(refused.status, refused.text).toBe(403);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.results).toHaveLength(1);
  });

  it('loses no acknowledged workout, and stores none twice, when a replica stops while people keep logging', async () => {
    const person = await client.signUp();
    const stopping = replicas.at(-1) ?? '';
    const acknowledged: string[] = [];
    const servers = new Set<string>();
    let repeated = 0;
    let running = true;
    let afterStop: number | undefined;
    /** One workout, sent again with the same request id until it is acknowledged, as the app's queue does. */
    const logOnce = async (notes: string): Promise<void> => {
      const requestId = randomUUID();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await client
          .request('POST', '/parse/classes/Activity', {
            sessionToken: person.sessionToken,
            headers: { 'X-Parse-Request-Id': requestId },
            body: { type: 'run', startedAt: parseDate(new Date()), durationMin: 30, notes },
          })
          .catch(() => undefined);
        if (response?.status === 201) {
          acknowledged.push(String(response.body.objectId));
          servers.add(servedBy(response));
          if (afterStop !== undefined) afterStop += 1;
          return;
        }
        repeated += 1;
      }
      throw new Error(`"${notes}" was never acknowledged.`);
    };
    const lanes = Array.from({ length: 6 }, async (_, lane) => {
      for (let sequence = 0; running; sequence += 1) await logOnce(`lane ${lane} #${sequence}`);
    });

    await askUntil(
      'load on every replica',
      () => servers.size,
      (size) => size === replicas.length,
      {
        attempts: 600,
        intervalMs: 50,
      },
    );
    await podman.run(['stop', stopping], 60_000);
    afterStop = 0;
    await askUntil(
      'writes acknowledged after the stop',
      () => afterStop ?? 0,
      (count) => count >= 30,
      {
        attempts: 600,
        intervalMs: 50,
      },
    );
    running = false;
    await Promise.all(lanes);

    const stored: StoredWorkout[] = [];
    for (let page = await storedFrom(person, 0); page.length > 0;) {
      stored.push(...page);
      page = await storedFrom(person, stored.length);
    }
    const ids = new Set(stored.map((row) => row.objectId));
    console.log(
      `compose: ${acknowledged.length} workouts acknowledged (${repeated} sends repeated) while ${stopping} stopped`,
    );

    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    expect(new Set(stored.map((row) => row.notes)).size).toBe(stored.length);
    expect(servers).toContain(stopping);
    expect(await podman.inspect(stopping, '{{.State.Status}}')).toBe('exited');
  });
});

interface StoredWorkout {
  objectId: string;
  notes: unknown;
}

/** The person's workouts in objectId order from `skip` on, a page at a time (once nobody writes). */
async function storedFrom(person: Account, skip: number): Promise<StoredWorkout[]> {
  const { status, body, text } = await client.request(
    'GET',
    `/parse/classes/Activity?order=objectId&limit=1000&skip=${skip}&keys=notes`,
    person,
  );
  if (status !== 200) throw new Error(`Reading workouts failed (${status}): ${text}`);
  return (body.results ?? []).map((row) => ({ objectId: row.objectId, notes: row.notes }));
}

describe('the app image alone, on a volume of its own', () => {
  const volume = `${uniqueName('fitstreak-solo')}`;
  const name = uniqueName('fitstreak-solo');

  async function startSolo(user: string[] = []): Promise<void> {
    await podman.run([
      'run',
      '--detach',
      '--name',
      name,
      '--label',
      `${PROJECT_LABEL}=${project.name}`,
      '--volume',
      `${volume}:/data`,
      '--env',
      'PUBLIC_URL=http://localhost:1337',
      ...user,
      app.image,
    ]);
    await waitHealthy(podman, name, app, Date.now() + 240_000);
  }

  /** A request from inside the container, to its own port (nothing is published). */
  async function inside(
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const script = `fetch('http://127.0.0.1:1337${path}', { method: 'POST', headers: { 'X-Parse-Application-Id': 'fitstreak', 'Content-Type': 'application/json' }, body: process.argv[1] }).then(async (r) => console.log(JSON.stringify({ status: r.status, body: await r.json() })))`;
    return JSON.parse(await podman.run(['exec', name, 'node', '-e', script, JSON.stringify(body)])) as {
      status: number;
      body: Record<string, unknown>;
    };
  }

  afterAll(async () => {
    await podman.run(['rm', '--force', '--volumes', name]).catch(() => '');
    await podman.run(['volume', 'rm', '--force', volume]).catch(() => '');
  });

  it("starts with the embedded database on an empty volume, as the image's unprivileged user", async () => {
    await podman.run(['volume', 'create', '--label', `${PROJECT_LABEL}=${project.name}`, volume]);
    await startSolo();

    expect(await podman.run(['exec', name, 'id', '-un'])).toBe('node');
    expect(await podman.run(['exec', name, 'stat', '--format', '%U', '/data'])).toBe('node');
    const signUp = await inside('/parse/users', {
      username: 'solo',
      password: 'kettlebell-swing-42',
      email: 'solo@example.com',
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  });

  it('starts again on the same volume and keeps what was saved', async () => {
    await podman.run(['rm', '--force', '--time', '15', name], 60_000);
    await startSolo();

    const logIn = await inside('/parse/login', { username: 'solo', password: 'kettlebell-swing-42' });
    expect(logIn.status, JSON.stringify(logIn.body)).toBe(200);
  });

  it('starts on that volume as root inside the container too, when told to, and keeps what was saved', async () => {
    await podman.run(['rm', '--force', '--time', '15', name], 60_000);
    await startSolo(['--user', 'root']);

    expect(await podman.run(['exec', name, 'id', '-un'])).toBe('root');
    const logIn = await inside('/parse/login', { username: 'solo', password: 'kettlebell-swing-42' });
    expect(logIn.status, JSON.stringify(logIn.body)).toBe(200);
  });
});
