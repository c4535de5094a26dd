import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pointer,
  request,
  restClient,
  signUp,
  uniqueName,
  type Account,
  type ParseRow,
  type RestClient,
} from '../../server/test/rest';
import {
  createDataDir,
  readMasterKey,
  removeDataDir,
  startServerProcess,
  waitForPostgresToExit,
  type ServerProcess,
} from '../../server/test/serverProcess';

/** Catalogue rows are the seeded ones: no owner, a catalogue key. */
const CATALOGUE_WHERE = JSON.stringify({ user: { $exists: false }, catalogueKey: { $exists: true } });
const SEED_LINE = /Food catalogue: (\d+) foods \((\d+) new, (\d+) corrected\)/;

function foodsPath(where: Record<string, unknown> | string, extra = ''): string {
  const clause = typeof where === 'string' ? where : JSON.stringify(where);
  return `/parse/classes/Food?where=${encodeURIComponent(clause)}${extra}`;
}

/** Parse on Postgres estimates a count without a where clause, so every count here has one. */
async function catalogueCount(client: Pick<RestClient, 'request'>, auth: { sessionToken?: string }) {
  const { status, body } = await client.request('GET', foodsPath(CATALOGUE_WHERE, '&count=1&limit=0'), {
    ...auth,
    masterKey: auth.sessionToken === undefined,
  });
  expect(status).toBe(200);
  return Number(body.count);
}

async function catalogueRow(client: Pick<RestClient, 'request'>, key: string): Promise<ParseRow[]> {
  const { body } = await client.request('GET', foodsPath({ catalogueKey: key }), { masterKey: true });
  return body.results ?? [];
}

function seedCounts(output: string): number[][] {
  return [...output.matchAll(new RegExp(SEED_LINE, 'g'))].map((match) => match.slice(1).map(Number));
}

describe('the food catalogue on the shared server', () => {
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    alice = await signUp();
    bob = await signUp();
  });

  it('lets a signed-in person read at least 300 catalogue foods, each with its source', async () => {
    const count = await catalogueCount({ request }, { sessionToken: alice.sessionToken });
    const { status, body } = await request(
      'GET',
      foodsPath({ catalogueKey: 'usda:greek-yogurt-plain-nonfat' }),
      {
        sessionToken: alice.sessionToken,
      },
    );

    expect(count).toBeGreaterThanOrEqual(300);
    expect(status).toBe(200);
    expect(body.results).toEqual([
      expect.objectContaining({
        name: 'Greek yogurt, plain, nonfat',
        kcalPer100g: 59,
        proteinPer100g: 10.2,
        source: 'usda',
        sourceId: 'greek-yogurt-plain-nonfat',
        reference: 'USDA FoodData Central, SR Legacy: Yogurt, Greek, plain, nonfat',
      }),
    ]);
  });

  it('refuses the catalogue to an anonymous caller', async () => {
    const { status, body } = await request('GET', foodsPath(CATALOGUE_WHERE));

    expect(status).not.toBe(200);
    expect(body.results).toBeUndefined();
  });

  it('lets a signed-in person neither change nor delete a catalogue food', async () => {
    const [before] = await catalogueRow({ request }, 'ifct:A003');
    if (!before) throw new Error('The catalogue has no ifct:A003.');
    const path = `/parse/classes/Food/${before.objectId}`;

    const change = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { name: 'Mine now', kcalPer100g: 1 },
    });
    const takeOver = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { user: pointer('_User', alice.objectId) },
    });
    const removal = await request('DELETE', path, { sessionToken: alice.sessionToken });

    expect([change.status, takeOver.status, removal.status]).not.toContain(200);
    expect(await catalogueRow({ request }, 'ifct:A003')).toEqual([before]);
  });

  it("makes a person's new food theirs alone, whoever they name as its owner", async () => {
    const name = `Flapjack ${uniqueName('f')}`;
    const created = await request('POST', '/parse/classes/Food', {
      sessionToken: alice.sessionToken,
      body: {
        name,
        kcalPer100g: 450,
        proteinPer100g: 6,
        carbsPer100g: 60,
        fatPer100g: 20,
        user: pointer('_User', bob.objectId),
        ACL: { '*': { read: true, write: true } },
      },
    });
    expect(created.status).toBe(201);
    const path = `/parse/classes/Food/${String(created.body.objectId)}`;

    const stored = await request('GET', path, { masterKey: true });
    const byBob = await request('GET', path, { sessionToken: bob.sessionToken });
    const bobsSearch = await request('GET', foodsPath({ name }), { sessionToken: bob.sessionToken });

    expect(stored.body.user).toMatchObject({ objectId: alice.objectId });
    expect(stored.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
    expect(byBob.status).toBe(404);
    expect(bobsSearch.body.results).toEqual([]);
  });
});

describe('seeding the food catalogue at start', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let client: RestClient;
  let firstOutput: string;
  let secondOutput: string;
  let countAfterFirst: number;
  let countAfterSecond: number;
  let bajra: ParseRow | undefined;
  let restored: ParseRow[];
  let apples: ParseRow[];

  beforeAll(async () => {
    dataDir = await createDataDir('catalogue');
    const first = await startServerProcess({ dataDir });
    server = first;
    client = restClient({
      baseUrl: first.baseUrl,
      appId: 'fitstreak',
      masterKey: await readMasterKey(dataDir),
    });
    countAfterFirst = await catalogueCount(client, {});
    [bajra] = await catalogueRow(client, 'ifct:A003');
    const [apple] = await catalogueRow(client, 'usda:apple');
    // Damage made with the master key, as a bad edit or a half-finished start could leave it.
    await client.request('PUT', `/parse/classes/Food/${String(bajra?.objectId)}`, {
      masterKey: true,
      body: { name: 'Tampered', kcalPer100g: 1, brand: 'Nobody', ACL: { '*': { read: true, write: true } } },
    });
    await client.request('DELETE', `/parse/classes/Food/${String(apple?.objectId)}`, { masterKey: true });
    await first.stop();
    firstOutput = first.output();
    await waitForPostgresToExit(dataDir, 10_000);

    const second = await startServerProcess({ dataDir, port: first.port });
    server = second;
    secondOutput = second.output();
    countAfterSecond = await catalogueCount(client, {});
    restored = await catalogueRow(client, 'ifct:A003');
    apples = await catalogueRow(client, 'usda:apple');
  });

  afterAll(async () => {
    await server?.stop();
    await waitForPostgresToExit(dataDir, 10_000);
    await removeDataDir(dataDir);
  });

  it('creates every food on the first start and logs one line saying so', () => {
    const [counts, ...others] = seedCounts(firstOutput);

    expect(others).toEqual([]);
    expect(counts).toEqual([countAfterFirst, countAfterFirst, 0]);
    expect(countAfterFirst).toBeGreaterThanOrEqual(300);
  });

  it('adds no duplicates on the next start, only the food that went missing', () => {
    expect(seedCounts(secondOutput)).toEqual([[countAfterFirst, 1, 1]]);
    expect(countAfterSecond).toBe(countAfterFirst);
    expect(apples).toHaveLength(1);
  });

  it('corrects a changed row back to the file, owner-less and read-only', () => {
    expect(restored).toEqual([
      expect.objectContaining({
        objectId: bajra?.objectId,
        name: 'Bajra (Pearl millet)',
        kcalPer100g: 348,
        ACL: { '*': { read: true } },
      }),
    ]);
    expect(restored[0]).not.toHaveProperty('brand');
    expect(restored[0]).not.toHaveProperty('user');
  });
});
