// What private rooms protected by roles cost. Every request of a person carries their roles into
// the query's `_rperm` check, so a person's number of rooms may cost each of their requests: people
// with 1, 50 and 200 friend rooms find the latest 30 messages of a friend room and their latest 30
// workouts, interleaved, with Parse's cache of sessions and roles warm (as within 5 s of their last
// request) and emptied (as after 5 s, or after any write of a role, which empties all of it). Then what a change of readers
// costs: joining and leaving a challenge whose room holds 0 or 1 000 messages, beside what the
// other design (members' ids in each message's ACL) would pay per change, an UPDATE of `_rperm` of
// every message of the room, in SQL on the same PostgreSQL.
// `npm run bench:rooms [-- --quick]`
import type pg from 'pg';
import { challengeRoomKey } from '../src/domain/challenges';
import { dmRoomKey } from '../src/domain/chatRooms';
import { pointer, userPointer, type Account, type RestClient } from '../server/test/restClient';
import { connectDatabase } from '../server/test/serverProcess';
import {
  acceptedFriendship,
  batchWithMasterKey,
  cloudFunction,
  DAY_MS,
  machine,
  mapConcurrently,
  markdownTable,
  ms,
  sessionRequest,
  statsOf,
  timed,
  withBenchServer,
  writeResults,
  type BatchRequest,
  type Session,
  type Stats,
  type TimedCall,
} from './support';

const quick = process.argv.includes('--quick');
const ROOM_COUNTS = [1, 50, 200] as const;
/** Rounds of the read loop: each person makes one call with Parse's cache emptied and two warm. */
const READ_ROUNDS = quick ? 40 : 200;
const WARM_UP_ROUNDS = 5;
const WORKOUTS = 100;
const ROOM_MESSAGES = 100;
const CHALLENGE_MESSAGES = [0, 1000] as const;
/** Join-and-leave rounds per challenge room. */
const CHANGES = quick ? 10 : 40;
const REWRITTEN_ROOMS = [1000, 10_000] as const;
const REWRITES = quick ? 5 : 20;
/** Members of a challenge in the other design: the ids each message's ACL would name. */
const MEMBER_IDS = 20;

type Kind = 'messages' | 'workouts';
type Cache = 'warm' | 'emptied';
const KINDS: readonly Kind[] = ['messages', 'workouts'];

interface ReadRow extends Stats {
  rooms: number;
  kind: Kind;
  cache: Cache;
  /** p50 and p95 over those of the person with one room, same query and cache. */
  p50Ratio: number;
  p95Ratio: number;
}

interface TimedRow extends Stats {
  /** p50 over that of the same change in the smallest room. */
  p50Ratio: number;
}

/** A find as the SDK sends it, checked to answer `expected` rows. */
function find(session: Session, className: string, params: object, expected: number): TimedCall {
  return () =>
    timed(
      () =>
        sessionRequest(session, 'POST', `/parse/classes/${className}`, {
          body: { _method: 'GET', ...params },
        }),
      (body) => (body as { results?: unknown[] }).results?.length === expected,
    );
}

async function masterRequest(client: RestClient, method: string, path: string, body?: object) {
  const answer = await client.request(method, path, { masterKey: true, ...(body ? { body } : {}) });
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return answer.body;
}

function message(room: string, author: Account, index: number, acl: object): BatchRequest {
  return {
    method: 'POST',
    path: '/parse/classes/ChatMessage',
    body: {
      room,
      text: `Message ${index}`,
      author: userPointer(author.objectId),
      authorName: 'Bench',
      ACL: acl,
    },
  };
}

/** Readable by the room's role, as `privateMessageAcl` makes it (cloud/roomReaders.ts). */
const roleAcl = (roleName: string, authorId: string) => ({
  [`role:${roleName}`]: { read: true },
  [authorId]: { write: true },
});

/** The users of a role, read in SQL: whether the triggers of master-key writes granted the rooms. */
async function roomsOf(sql: pg.Client, userId: string): Promise<number> {
  const { rows } = await sql.query<{ rooms: string }>(
    `SELECT count(*) AS rooms FROM "_Join:users:_Role" j JOIN "_Role" r ON r."objectId" = j."owningId"
     WHERE j."relatedId" = $1 AND r.name LIKE 'chat-%'`,
    [userId],
  );
  return Number(rows[0]?.rooms ?? 0);
}

const date = new Date().toISOString().slice(0, 10);
const started = performance.now();

const result = await withBenchServer('bench-rooms', async ({ baseUrl, dataDir, client }) => {
  const sql = await connectDatabase(dataDir);
  try {
    // People with 1, 50 and 200 friend rooms share their friends; the first friend is everyone's.
    const seedStart = performance.now();
    const maxRooms = Math.max(...ROOM_COUNTS);
    const people = await mapConcurrently(ROOM_COUNTS, 3, () => client.signUp());
    const friends = await mapConcurrently(Array.from({ length: maxRooms }), 4, () => client.signUp());
    await batchWithMasterKey(
      client,
      people.flatMap((person, index) =>
        friends.slice(0, ROOM_COUNTS[index]).map((friend) => acceptedFriendship(person, friend)),
      ),
    );
    for (const [index, person] of people.entries()) {
      const rooms = await roomsOf(sql, person.objectId);
      if (rooms !== ROOM_COUNTS[index]) {
        throw new Error(`A person with ${ROOM_COUNTS[index]} friendships reads ${rooms} rooms.`);
      }
    }
    const [firstFriend] = friends;
    if (!firstFriend) throw new Error('No friends.');
    const now = Date.now();
    await batchWithMasterKey(client, [
      ...people.flatMap((person) =>
        Array.from({ length: WORKOUTS }, (_, index) => ({
          method: 'POST',
          path: '/parse/classes/Activity',
          body: {
            user: userPointer(person.objectId),
            ACL: { [person.objectId]: { read: true, write: true } },
            type: 'run',
            startedAt: { __type: 'Date', iso: new Date(now - (index + 1) * DAY_MS).toISOString() },
            durationMin: 30,
          },
        })),
      ),
      ...people.flatMap((person) => {
        const room = dmRoomKey(person.objectId, firstFriend.objectId);
        const acl = roleAcl(`chat-${room.replaceAll(':', '-')}`, person.objectId);
        return Array.from({ length: ROOM_MESSAGES }, (_, index) => message(room, person, index, acl));
      }),
    ]);

    // 1. Reads: one round empties Parse's cache (a master write to a role of no room: Parse empties
    // the whole cache on any role write, as every room's change is), then each person in turn makes one call with it emptied and one of each
    // query warm; the order of the people turns every round.
    const flushRole = await masterRequest(client, 'POST', '/parse/roles', {
      name: 'bench-role-cache',
      ACL: {},
    });
    const emptyRoleCache = () =>
      masterRequest(client, 'PUT', `/parse/roles/${String(flushRole.objectId)}`, {});
    const sessions = people.map((person) => ({ baseUrl, sessionToken: person.sessionToken }));
    const queries = people.map((person, index) => {
      const session = sessions[index] as Session;
      return {
        messages: find(
          session,
          'ChatMessage',
          {
            where: { room: dmRoomKey(person.objectId, firstFriend.objectId) },
            order: '-createdAt',
            limit: 30,
          },
          30,
        ),
        workouts: find(
          session,
          'Activity',
          { where: { user: userPointer(person.objectId) }, order: '-startedAt', limit: 30 },
          30,
        ),
      } satisfies Record<Kind, TimedCall>;
    });
    const reads = new Map<string, number[]>();
    const record = (rooms: number, kind: Kind, cache: Cache, time: number) => {
      const key = `${rooms} ${kind} ${cache}`;
      reads.set(key, [...(reads.get(key) ?? []), time]);
    };
    const seedSeconds = (performance.now() - seedStart) / 1000;
    for (let round = 0; round < WARM_UP_ROUNDS + READ_ROUNDS; round += 1) {
      const counted = round >= WARM_UP_ROUNDS;
      await emptyRoleCache();
      const emptiedKind = KINDS[round % 2] as Kind;
      for (let turn = 0; turn < people.length; turn += 1) {
        const index = (round + turn) % people.length;
        const rooms = ROOM_COUNTS[index] as number;
        const query = queries[index];
        if (!query) continue;
        const emptied = await query[emptiedKind]();
        const warm = { messages: await query.messages(), workouts: await query.workouts() };
        if (!counted) continue;
        record(rooms, emptiedKind, 'emptied', emptied);
        for (const kind of KINDS) record(rooms, kind, 'warm', warm[kind]);
      }
    }

    // 2. A change of readers: a member joins (respondChallenge) and leaves (leaveChallenge) a
    // challenge whose room holds 0 or 1 000 messages; between rounds the row is set back to invited.
    const [creator] = people;
    if (!creator) throw new Error('No creator.');
    const member = firstFriend;
    const memberSession = { baseUrl, sessionToken: member.sessionToken };
    const today = new Date(now).toISOString().slice(0, 10);
    const challenges = [];
    for (const messages of CHALLENGE_MESSAGES) {
      const created = await client.request('POST', '/parse/functions/createChallenge', {
        sessionToken: creator.sessionToken,
        body: {
          title: `${messages} messages`,
          metric: 'workouts',
          startDate: today,
          endDate: new Date(now + 14 * DAY_MS).toISOString().slice(0, 10),
          friendIds: [member.objectId],
          timeZone: 'UTC',
        },
      });
      const challengeId = (created.body.result as { id?: string } | undefined)?.id;
      if (!challengeId) throw new Error(`createChallenge answered ${created.status}: ${created.text}`);
      const room = challengeRoomKey(challengeId);
      const acl = roleAcl(`chat-${room.replaceAll(':', '-')}`, creator.objectId);
      await batchWithMasterKey(
        client,
        Array.from({ length: messages }, (_, index) => message(room, creator, index, acl)),
      );
      const rows = await masterRequest(
        client,
        'GET',
        `/parse/classes/ChallengeMember?where=${encodeURIComponent(
          JSON.stringify({
            challenge: pointer('Challenge', challengeId),
            user: userPointer(member.objectId),
          }),
        )}`,
      );
      const memberRow = rows.results?.[0]?.objectId;
      if (!memberRow) throw new Error('No membership row.');
      challenges.push({ messages, challengeId, memberRow, join: [] as number[], leave: [] as number[] });
    }
    for (let round = -2; round < CHANGES; round += 1) {
      for (const challenge of round % 2 === 0 ? challenges : [...challenges].reverse()) {
        const params = { challengeId: challenge.challengeId };
        const answered = (result: unknown) => result !== undefined;
        const join = await cloudFunction(
          memberSession,
          'respondChallenge',
          { ...params, accept: true },
          answered,
        )();
        const leave = await cloudFunction(memberSession, 'leaveChallenge', params, answered)();
        await masterRequest(client, 'PUT', `/parse/classes/ChallengeMember/${challenge.memberRow}`, {
          status: 'invited',
        });
        if (round < 0) continue;
        challenge.join.push(join);
        challenge.leave.push(leave);
      }
    }

    // The other design: the room's messages name the members' ids; one change rewrites them all.
    // Rows are copies of a seeded message, written straight into the table.
    const [template] = (
      await sql.query<{ objectId: string }>(
        `SELECT "objectId" FROM "ChatMessage" WHERE room LIKE 'challenge:%' LIMIT 1`,
      )
    ).rows;
    if (!template) throw new Error('No message to copy.');
    const memberIds = Array.from(
      { length: MEMBER_IDS },
      (_, index) => `member${String(index).padStart(4, '0')}`,
    );
    const rewrites = [];
    for (const size of REWRITTEN_ROOMS) {
      const room = `challenge:ids${size}`;
      await sql.query(
        `INSERT INTO "ChatMessage"
         SELECT (jsonb_populate_record(NULL::"ChatMessage", to_jsonb(m) || jsonb_build_object(
           'objectId', $2::text || lpad(n::text, 6, '0'), 'room', $3::text, 'text', 'Message ' || n,
           '_rperm', to_jsonb($4::text[]), 'createdAt', now() - n * interval '1 minute'))).*
         FROM (SELECT * FROM "ChatMessage" WHERE "objectId" = $1) m, generate_series(1, $5::int) n`,
        [template.objectId, `i${size}x`, room, memberIds, size],
      );
      await sql.query('ANALYZE "ChatMessage"');
      const leaver = memberIds[0];
      const times = { leave: [] as number[], join: [] as number[] };
      for (let round = -1; round < REWRITES; round += 1) {
        for (const [change, statement] of [
          ['leave', `UPDATE "ChatMessage" SET "_rperm" = array_remove("_rperm", $2) WHERE room = $1`],
          ['join', `UPDATE "ChatMessage" SET "_rperm" = array_append("_rperm", $2) WHERE room = $1`],
        ] as const) {
          const before = performance.now();
          const { rowCount } = await sql.query(statement, [room, leaver]);
          const elapsed = performance.now() - before;
          if (rowCount !== size) throw new Error(`The rewrite changed ${rowCount} rows, not ${size}.`);
          if (round >= 0) times[change].push(elapsed);
        }
      }
      rewrites.push({ size, ...times });
    }
    return { reads, challenges, rewrites, seedSeconds };
  } finally {
    await sql.end();
  }
});

const readRows: ReadRow[] = [];
for (const kind of KINDS) {
  for (const cache of ['warm', 'emptied'] as const) {
    const base = statsOf({ name: '', times: result.reads.get(`${ROOM_COUNTS[0]} ${kind} ${cache}`) ?? [] });
    for (const rooms of ROOM_COUNTS) {
      const stats = statsOf({
        name: `${kind}, ${rooms} rooms, cache ${cache}`,
        times: result.reads.get(`${rooms} ${kind} ${cache}`) ?? [],
      });
      readRows.push({
        ...stats,
        rooms,
        kind,
        cache,
        p50Ratio: stats.p50 / base.p50,
        p95Ratio: stats.p95 / base.p95,
      });
    }
  }
}

/** Each row's p50 over that of the row of the same `change` in the first room of `rows`. */
function againstFirstRoom(rows: { size: number; change: string; stats: Stats }[]): TimedRow[] {
  const first = rows[0]?.size;
  return rows.map(({ change, stats }) => {
    const base = rows.find((row) => row.size === first && row.change === change)?.stats.p50 ?? stats.p50;
    return { ...stats, p50Ratio: stats.p50 / base };
  });
}
const changeRows = againstFirstRoom(
  result.challenges.flatMap(({ messages, join, leave }) => [
    {
      size: messages,
      change: 'join',
      stats: statsOf({ name: `respondChallenge (accept), room of ${messages} messages`, times: join }),
    },
    {
      size: messages,
      change: 'leave',
      stats: statsOf({ name: `leaveChallenge, room of ${messages} messages`, times: leave }),
    },
  ]),
);
const rewriteRows = againstFirstRoom(
  result.rewrites.flatMap(({ size, leave, join }) => [
    {
      size,
      change: 'leave',
      stats: statsOf({ name: `UPDATE _rperm of ${size} messages (one leaves)`, times: leave }),
    },
    {
      size,
      change: 'join',
      stats: statsOf({ name: `UPDATE _rperm of ${size} messages (one joins)`, times: join }),
    },
  ]),
);

const ratio = (value: number) => `${value.toFixed(2)}×`;
const thisMachine = machine();
const report = [
  `# What private rooms cost, ${date}${quick ? ' (quick)' : ''}`,
  '',
  `Machine: ${thisMachine.cpus} × ${thisMachine.model}, ${thisMachine.memoryGiB} GiB, Node ${thisMachine.node}. ` +
    `Seeded in ${result.seedSeconds.toFixed(0)} s; the whole run took ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  '',
  `## Every request of a person with 1, 50 or 200 friend rooms (${READ_ROUNDS} rounds, interleaved)`,
  '',
  'messages: the latest 30 of one of their friend rooms; workouts: their latest 30 (no chat in it).',
  'warm: their session and roles cached (within 5 s of their last request); emptied: Parse’s cache',
  'emptied before the call, as after 5 s or after any write of any role (any room’s readers changed).',
  'Ratios are against the person with one room, same query and cache.',
  '',
  ...markdownTable(
    ['query', 'rooms', 'cache', 'calls', 'p50 (ms)', 'p95 (ms)', 'p50 vs 1 room', 'p95 vs 1 room'],
    readRows.map((row) => [
      row.kind,
      row.rooms,
      row.cache,
      row.calls,
      ms(row.p50),
      ms(row.p95),
      ratio(row.p50Ratio),
      ratio(row.p95Ratio),
    ]),
  ),
  `## A change of a room's readers (${CHANGES} joins and leaves per room, alternating)`,
  '',
  'Roles: the role relation changed, the role caches cleared, the leaver’s subscriptions closed.',
  '',
  ...markdownTable(
    ['call', 'calls', 'p50 (ms)', 'p95 (ms)', `p50 vs ${CHALLENGE_MESSAGES[0]} messages`],
    changeRows.map((row) => [row.name, row.calls, ms(row.p50), ms(row.p95), ratio(row.p50Ratio)]),
  ),
  `Ids in each message instead (SQL only, ${MEMBER_IDS} ids per message, ${REWRITES} of each):`,
  '',
  ...markdownTable(
    ['statement', 'runs', 'p50 (ms)', 'p95 (ms)', `p50 vs ${REWRITTEN_ROOMS[0]} messages`],
    rewriteRows.map((row) => [row.name, row.calls, ms(row.p50), ms(row.p95), ratio(row.p50Ratio)]),
  ),
].join('\n');

await writeResults(
  `${date}-rooms${quick ? '-quick' : ''}`,
  { date, quick, machine: thisMachine, reads: readRows, changes: changeRows, rewrites: rewriteRows },
  `${report}\n`,
);
