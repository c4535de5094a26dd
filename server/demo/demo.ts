// `npm run demo`: a demo person and two friends, seeded on a running server over its public API
// with their own sessions, as the app would write their data: every row passes the same cloud code
// and class rules as a person's. No master key is used.
import { ErrorCode } from '../../src/domain/errors';
import { dmRoomKey, topicRoomKey } from '../../src/domain/chatRooms';
import { localDay } from '../../src/domain/calendarDays';
import {
  DEMO_DISPLAY_NAMES,
  DEMO_FOODS,
  DEMO_MESSAGES,
  planDemo,
  type DemoMessage,
  type DemoPerson,
  type DemoPersonKey,
} from './demoData';

export const DEMO_USERNAME = 'demo';
/** Public on purpose: the demo account is for trying the app out, never for a person's data. */
export const DEMO_PASSWORD = 'try-fitstreak';

/** Parse's batch endpoint takes at most this many requests (requestComplexity.batchRequestLimit). */
const BATCH_SIZE = 50;
/** Batches in flight at once: enough to keep a small server busy without queueing on it. */
const CONCURRENCY = 3;
const FRIENDS = ['sam', 'priya'] as const;

export interface DemoOptions {
  /** The app's origin, e.g. http://localhost:1337; its /config.json names the API. */
  baseUrl: string;
  /** The demo person's username; the friends' are made from it. */
  username?: string;
  timeZone: string;
  /** Deletes the three demo accounts first (with their own password) instead of refusing. */
  reset?: boolean;
}

export interface DemoPersonRows {
  username: string;
  workouts: number;
  meals: number;
  weighIns: number;
}

export interface DemoResult {
  password: string;
  /** The demo person and the two friends, with the rows each one got. */
  people: Record<DemoPersonKey, DemoPersonRows>;
  messages: number;
  seconds: number;
}

/** A refusal the command prints as it is: a sentence, no stack. */
export class DemoError extends Error {
  override name = 'DemoError';
}

interface Session {
  key: DemoPersonKey;
  objectId: string;
  sessionToken: string;
  username: string;
}

interface ParseAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The Parse REST API as a browser reaches it: the app id and, once signed in, a session. */
class Api {
  constructor(
    readonly serverUrl: string,
    private readonly appId: string,
  ) {}

  async call(method: string, path: string, body?: unknown, sessionToken?: string): Promise<ParseAnswer> {
    const response = await fetch(`${this.serverUrl}${path}`, {
      method,
      headers: {
        'X-Parse-Application-Id': this.appId,
        'Content-Type': 'application/json',
        ...(sessionToken ? { 'X-Parse-Session-Token': sessionToken } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { error: text.slice(0, 200) };
    }
    // A batch answers a list: it is kept under `results`, as a query's rows are.
    return { status: response.status, body: isRecord(parsed) ? parsed : { results: parsed } };
  }

  /** Calls `path` and answers its body, or throws with what the server said. */
  async expect(method: string, path: string, body: unknown, sessionToken: string | undefined, what: string) {
    const answer = await this.call(method, path, body, sessionToken);
    if (answer.status >= 300) throw refusal(what, answer);
    return answer.body;
  }

  async run<T>(name: string, params: Record<string, unknown>, session: Session): Promise<T> {
    const body = await this.expect('POST', `/functions/${name}`, params, session.sessionToken, name);
    return body.result as T;
  }

  /** Sends `requests` as batches of Parse's limit, a few at a time; every one must succeed. */
  async batch(requests: readonly BatchRequest[], session: Session, what: string): Promise<unknown[]> {
    const mount = new URL(this.serverUrl).pathname.replace(/\/$/, '');
    const chunks = Array.from({ length: Math.ceil(requests.length / BATCH_SIZE) }, (_, index) =>
      requests.slice(index * BATCH_SIZE, (index + 1) * BATCH_SIZE),
    );
    const answers: unknown[][] = [];
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const index = next;
        next += 1;
        const chunk = (chunks[index] ?? []).map((request) => ({
          ...request,
          path: `${mount}${request.path}`,
        }));
        const body = await this.expect('POST', '/batch', { requests: chunk }, session.sessionToken, what);
        const results = Array.isArray(body.results) ? (body.results as unknown[]) : [];
        const failed = results.find((result) => isRecord(result) && isRecord(result.error));
        if (failed || results.length !== chunk.length) {
          const error = isRecord(failed) && isRecord(failed.error) ? failed.error.error : undefined;
          const reason = typeof error === 'string' ? error : 'the batch answered too few results';
          throw new DemoError(`${what} was refused: ${reason}`);
        }
        answers[index] = results.map((result) => (isRecord(result) ? result.success : undefined));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return answers.flat();
  }
}

interface BatchRequest {
  method: 'POST' | 'PUT' | 'GET';
  path: string;
  body?: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refusal(what: string, answer: ParseAnswer): DemoError {
  const message = typeof answer.body.error === 'string' ? answer.body.error : `HTTP ${answer.status}`;
  return new DemoError(`${what} failed: ${message}`);
}

const date = (instant: Date) => ({ __type: 'Date', iso: instant.toISOString() });

/** The API the app at `baseUrl` uses, from its /config.json, as the browser finds it. */
async function apiOf(baseUrl: string): Promise<Api> {
  const url = `${baseUrl.replace(/\/+$/, '')}/config.json`;
  let config: unknown;
  try {
    const response = await fetch(url);
    config = response.ok ? await response.json() : undefined;
  } catch {
    config = undefined;
  }
  if (!isRecord(config) || typeof config.serverURL !== 'string' || typeof config.appId !== 'string') {
    throw new DemoError(`No FITSTREAK answers at ${baseUrl}: start it with npm start, or give its URL.`);
  }
  return new Api(config.serverURL.replace(/\/+$/, ''), config.appId);
}

function usernamesFor(username: string): Record<DemoPersonKey, string> {
  return { me: username, sam: `${username}.sam`, priya: `${username}.priya` };
}

/** Deletes each demo account that still opens with the demo password, as its owner would. */
async function deleteDemoAccounts(api: Api, usernames: readonly string[], password: string): Promise<void> {
  for (const username of usernames) {
    const login = await api.call('POST', '/login', { username, password });
    if (login.status === 404 || login.body.code === ErrorCode.OBJECT_NOT_FOUND) continue;
    if (login.status !== 200 || typeof login.body.sessionToken !== 'string') {
      throw refusal(`Logging in as ${username} to delete it`, login);
    }
    await api.expect(
      'POST',
      '/functions/deleteMyAccount',
      { password },
      login.body.sessionToken,
      `Deleting ${username}`,
    );
  }
}

async function signUp(api: Api, key: DemoPersonKey, username: string, password: string): Promise<Session> {
  const answer = await api.call('POST', '/users', {
    username,
    password,
    email: `${username}@example.com`,
    displayName: DEMO_DISPLAY_NAMES[key],
  });
  if (answer.body.code === ErrorCode.USERNAME_TAKEN) {
    throw new DemoError(
      `The demo account ${username} already exists: run npm run demo -- --reset to delete it and seed it again.`,
    );
  }
  const { objectId, sessionToken } = answer.body;
  if (answer.status !== 201 || typeof objectId !== 'string' || typeof sessionToken !== 'string') {
    throw refusal(`Signing up ${username}`, answer);
  }
  return { key, objectId, sessionToken, username };
}

/** Catalogue foods by name, found with the nutrition page's own search. */
async function findFoods(api: Api, session: Session) {
  const requests = DEMO_FOODS.map((name) => ({
    method: 'POST' as const,
    path: '/functions/searchFoods',
    body: { query: name.slice(0, 60), limit: 25 },
  }));
  const answers = await api.batch(requests, session, 'Searching the food catalogue');
  const foods = new Map<string, { id: string; kcalPer100g: number }>();
  answers.forEach((answer, index) => {
    const name = DEMO_FOODS[index] ?? '';
    const rows = isRecord(answer) && Array.isArray(answer.result) ? (answer.result as unknown[]) : [];
    const found = rows.find((row) => isRecord(row) && row.name === name);
    if (!isRecord(found) || typeof found.id !== 'string' || typeof found.kcalPer100g !== 'number') {
      throw new DemoError(`The food catalogue has no "${name}".`);
    }
    foods.set(name, { id: found.id, kcalPer100g: found.kcalPer100g });
  });
  return foods;
}

/** Settings, weigh-ins, workouts and meals of one person, each written with their own session. */
async function seedHistory(
  api: Api,
  session: Session,
  person: DemoPerson,
  timeZone: string,
  foods: ReadonlyMap<string, { id: string }>,
): Promise<void> {
  const own = await api.expect(
    'GET',
    '/classes/Settings?limit=1',
    undefined,
    session.sessionToken,
    'Reading Settings',
  );
  const [settings] = Array.isArray(own.results) ? (own.results as unknown[]) : [];
  if (!isRecord(settings) || typeof settings.objectId !== 'string') {
    throw new DemoError(`${session.username} has no Settings row.`);
  }
  await api.expect(
    'PUT',
    `/classes/Settings/${settings.objectId}`,
    { ...person.settings, timezone: timeZone },
    session.sessionToken,
    'Saving Settings',
  );
  // Weigh-ins first: a workout's calorie estimate uses the latest weight.
  if (person.weighIns.length > 0) {
    await api.run(
      'importWeightEntries',
      {
        rows: person.weighIns.map((row) => ({
          measuredAt: row.measuredAt.toISOString(),
          weightKg: row.weightKg,
        })),
      },
      session,
    );
  }
  const workouts = person.workouts.map((workout): BatchRequest => ({
    method: 'POST',
    path: '/classes/Activity',
    body: { ...workout, startedAt: date(workout.startedAt) },
  }));
  const meals = person.meals.map((meal): BatchRequest => {
    const food = foods.get(meal.food);
    if (!food) throw new DemoError(`The food catalogue has no "${meal.food}".`);
    return {
      method: 'POST',
      path: '/classes/Meal',
      body: {
        eatenAt: date(meal.eatenAt),
        mealType: meal.mealType,
        // The server names the meal and computes its energy and macros from the food and the grams.
        food: { __type: 'Pointer', className: 'Food', objectId: food.id },
        grams: meal.grams,
      },
    };
  });
  await api.batch([...workouts, ...meals], session, `Saving the workouts and meals of ${session.username}`);
}

async function befriend(api: Api, me: Session, friend: Session): Promise<void> {
  const sent = await api.run<{ friendshipId?: unknown }>(
    'sendFriendRequest',
    { username: friend.username },
    me,
  );
  await api.run('respondFriendRequest', { friendshipId: sent.friendshipId, accept: true }, friend);
}

function roomOf(message: DemoMessage, sessions: Record<DemoPersonKey, Session>): string {
  if ('topic' in message.room) return topicRoomKey(message.room.topic);
  return dmRoomKey(sessions.me.objectId, sessions[message.room.friend].objectId);
}

/**
 * Seeds the demo person, two friends who accepted their requests, three months of the demo
 * person's history, five weeks of the friends' and a few chat messages. Refuses when the demo
 * account exists, unless `reset` deletes the three accounts first.
 */
export async function seedDemo(options: DemoOptions): Promise<DemoResult> {
  const started = performance.now();
  const username = options.username ?? DEMO_USERNAME;
  const password = DEMO_PASSWORD;
  const usernames = usernamesFor(username);
  const api = await apiOf(options.baseUrl);
  if (options.reset) await deleteDemoAccounts(api, Object.values(usernames), password);

  // The demo person first: an existing demo account stops the run before anything is written.
  const me = await signUp(api, 'me', usernames.me, password);
  const [foods, sam, priya] = await Promise.all([
    findFoods(api, me),
    signUp(api, 'sam', usernames.sam, password),
    signUp(api, 'priya', usernames.priya, password),
  ]);
  const sessions: Record<DemoPersonKey, Session> = { me, sam, priya };
  const now = new Date();
  const plan = planDemo({
    now,
    today: localDay(now, options.timeZone),
    timeZone: options.timeZone,
    // Portions are sized from the catalogue's energy, as the server will count it.
    kcalPer100g: (food) => foods.get(food)?.kcalPer100g ?? 0,
  });

  await Promise.all(
    Object.values(sessions).map((session) =>
      seedHistory(api, session, plan[session.key], options.timeZone, foods),
    ),
  );
  for (const key of FRIENDS) await befriend(api, me, sessions[key]);
  // One at a time, so the rooms read in the order they were written.
  for (const message of DEMO_MESSAGES) {
    await api.expect(
      'POST',
      '/classes/ChatMessage',
      { room: roomOf(message, sessions), text: message.text },
      sessions[message.author].sessionToken,
      'Sending a chat message',
    );
  }

  const rowsOf = (key: DemoPersonKey): DemoPersonRows => ({
    username: usernames[key],
    workouts: plan[key].workouts.length,
    meals: plan[key].meals.length,
    weighIns: plan[key].weighIns.length,
  });
  return {
    password,
    people: { me: rowsOf('me'), sam: rowsOf('sam'), priya: rowsOf('priya') },
    messages: DEMO_MESSAGES.length,
    seconds: (performance.now() - started) / 1000,
  };
}
