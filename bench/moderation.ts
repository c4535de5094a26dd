// How fast a moderator's queue answers with 10 000 reports (6 000 about chat messages, 2 000 about
// workouts, 2 000 about people; 8 000 open) and 2 000 earlier actions, beside the cheapest Parse
// round trip: the first page, and a page deep in the queue.
// `npm run bench:moderation [-- --quick]`
import { userPointer, type Account } from '../server/test/restClient';
import {
  baseline,
  batchWithMasterKey,
  cloudFunction,
  DAY_MS,
  measure,
  mulberry32,
  printReport,
  type BatchRequest,
  type Scenario,
  withBenchServer,
} from './support';

const quick = process.argv.includes('--quick');
const PEOPLE = 200;
const MESSAGES = 1_000;
const WORKOUTS = 500;
const REPORTS = 10_000;
const ACTIONS = 2_000;
const CALLS = quick ? 50 : 200;
const WARM_UP = 10;
const BUDGET_P95_MS = 150;
const REASONS = ['spam', 'harassment', 'inappropriate', 'other'];

const scenarios = await withBenchServer('bench-moderation', async ({ baseUrl, client }) => {
  const people: Account[] = [];
  for (let index = 0; index < PEOPLE; index += 1) people.push(await client.signUp());
  const moderator = await client.signUp();
  const made = await client.request('POST', '/parse/roles', {
    masterKey: true,
    body: {
      name: 'moderator',
      ACL: {},
      users: { __op: 'AddRelation', objects: [userPointer(moderator.objectId)] },
    },
  });
  if (made.status !== 201) throw new Error(`The moderator role was not made: ${made.text}`);

  const random = mulberry32(36);
  const anyone = () => people[Math.floor(random() * people.length)] ?? moderator;
  const now = Date.now();
  const messages: BatchRequest[] = [];
  for (let index = 0; index < MESSAGES; index += 1) {
    const author = anyone();
    messages.push({
      method: 'POST',
      path: '/parse/classes/ChatMessage',
      body: {
        room: 'topic:run',
        text: `Message ${index}`,
        author: userPointer(author.objectId),
        authorName: author.username,
        ACL: { '*': { read: true }, [author.objectId]: { write: true } },
      },
    });
  }
  const workouts: BatchRequest[] = [];
  for (let index = 0; index < WORKOUTS; index += 1) {
    const owner = anyone();
    workouts.push({
      method: 'POST',
      path: '/parse/classes/Activity',
      body: {
        user: userPointer(owner.objectId),
        type: 'run',
        startedAt: { __type: 'Date', iso: new Date(now - index * DAY_MS).toISOString() },
        durationMin: 30,
        distanceKm: 5,
        visibility: 'friends',
        ACL: { [owner.objectId]: { read: true, write: true } },
      },
    });
  }
  await batchWithMasterKey(client, [...messages, ...workouts]);
  const ids = async (className: string) => {
    const found = await client.request(
      'GET',
      `/parse/classes/${className}?limit=10000&keys=objectId,author,user`,
      {
        masterKey: true,
      },
    );
    return (found.body.results ?? []).map((row) => ({
      id: row.objectId,
      owner: String(((row.author ?? row.user) as { objectId?: string } | undefined)?.objectId),
    }));
  };
  const [messageRows, workoutRows] = [await ids('ChatMessage'), await ids('Activity')];
  const pick = <T>(rows: readonly T[]) => rows[Math.floor(random() * rows.length)] as T;

  const reports: BatchRequest[] = [];
  for (let index = 0; index < REPORTS; index += 1) {
    const roll = random();
    const target =
      roll < 0.6
        ? { kind: 'message', ...pick(messageRows) }
        : roll < 0.8
          ? { kind: 'activity', ...pick(workoutRows) }
          : (() => {
              const person = anyone();
              return { kind: 'user', id: person.objectId, owner: person.objectId };
            })();
    reports.push({
      method: 'POST',
      path: '/parse/classes/Report',
      body: {
        reporter: userPointer(anyone().objectId),
        kind: target.kind,
        targetId: target.id,
        targetUser: userPointer(target.owner),
        reason: REASONS[index % REASONS.length],
        status: index % 5 === 0 ? 'resolved' : 'open',
        ACL: {},
      },
    });
  }
  const actions: BatchRequest[] = [];
  for (let index = 0; index < ACTIONS; index += 1) {
    const person = anyone();
    actions.push({
      method: 'POST',
      path: '/parse/classes/ModerationAction',
      body: {
        moderator: userPointer(moderator.objectId),
        moderatorName: moderator.username,
        action: 'warn',
        targetKind: 'user',
        targetId: person.objectId,
        targetUser: userPointer(person.objectId),
        reason: 'Be kind',
        ACL: {},
      },
    });
  }
  await batchWithMasterKey(client, [...reports, ...actions]);
  console.log(
    `Seeded ${PEOPLE} people, ${MESSAGES} messages, ${WORKOUTS} workouts, ${REPORTS} reports, ${ACTIONS} actions.`,
  );

  const session = { baseUrl, sessionToken: moderator.sessionToken };
  const full = (result: unknown) => (result as { reports?: unknown[] } | null)?.reports?.length === 20;
  const first = await client.request('POST', '/parse/functions/moderationQueue', {
    sessionToken: moderator.sessionToken,
    body: {},
  });
  const middle = await client.request(
    'GET',
    `/parse/classes/Report?order=-createdAt&skip=4000&limit=1&keys=createdAt`,
    {
      masterKey: true,
    },
  );
  const createdAt = middle.body.results?.[0]?.createdAt;
  const before = typeof createdAt === 'string' ? createdAt : '';
  if (first.status !== 200 || !before)
    throw new Error(`The queue did not answer: ${first.text.slice(0, 300)}`);
  const loop = { warmUp: WARM_UP, calls: CALLS };
  const base = baseline(session, 'ChatMessage');
  return [
    await measure(base.name, base.call, loop),
    await measure(
      'moderationQueue {}, first page of 20 with context',
      cloudFunction(session, 'moderationQueue', {}, full),
      loop,
    ),
    await measure(
      'moderationQueue { page }, 4 000 reports deep',
      cloudFunction(session, 'moderationQueue', { page: before }, full),
      loop,
    ),
    await measure(
      'moderationQueue { status: resolved }',
      cloudFunction(session, 'moderationQueue', { status: 'resolved' }, full),
      loop,
    ),
  ] satisfies Scenario[];
});

printReport(scenarios, BUDGET_P95_MS);
