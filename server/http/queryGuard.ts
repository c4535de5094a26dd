import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ErrorCode, type RefusalValues } from '../../src/domain/errors';
import type { MessageId } from '../../src/i18n/messages';
import { jsonBodyReader } from './jsonBody';
import { Refusal, sendRefusal } from './refusals';
import { sameSecret } from './rateLimits';

/**
 * How large a query from a client may be. The app's own queries name at most four fields and no
 * lists (src/features/*\/api.ts); cloud code reaches Parse inside the process, never through here.
 * 1 000 values in a list is Parse's `maxLimit`: as many rows as one query may answer.
 */
export const QUERY_LIMITS = {
  /** Values in one list: `$in`, `$nin`, `$all`, the branches of `$or`, `$and`, `$nor`. */
  listValues: 1000,
  /** Values in all of a query's parameters together. */
  values: 2000,
  /** Levels of objects and lists inside one parameter (Parse's `queryDepth` counts `$or` and `$and` only). */
  depth: 20,
  /** Characters in one string: a value, a field name, one name in `keys`. */
  stringLength: 1000,
  /** Names in `keys`, `excludeKeys`, `include` or `order` (Parse's `includeCount` then allows 10 includes). */
  names: 50,
} as const;

/** Parameters that list field names, comma-separated. */
/** A query refused for its size or shape (Parse's INVALID_QUERY). */
const refuse = (messageId: MessageId, values: RefusalValues) =>
  new Refusal(messageId, values, ErrorCode.INVALID_QUERY);

const NAME_LISTS = new Set(['keys', 'excludeKeys', 'include', 'order']);

/** The routes that answer a query (`where`, `keys`, `include`…), below the Parse mount. */
const QUERY_ROUTE =
  /^\/(?:(?:classes|aggregate)\/[^/]+(?:\/[^/]+)?|(?:users|roles|sessions|installations)(?:\/[^/]+)?)$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Operators whose dates Parse's PostgreSQL adapter cannot compare (it answers 500). */
const DATELESS_OPERATORS = new Set(['$ne', '$in', '$nin']);

const isDate = (value: unknown): boolean => isRecord(value) && value.__type === 'Date';

/** Whether an operand is a Date, or a list holding one. */
const holdsDate = (operand: unknown): boolean =>
  isDate(operand) || (Array.isArray(operand) && operand.some(isDate));

/** Counts a query's values and checks each against QUERY_LIMITS, throwing a Refusal for the first too large. */
class QueryMeasure {
  private values = 0;

  parameter(name: string, value: unknown): void {
    if (NAME_LISTS.has(name) && typeof value === 'string') {
      const names = value.split(',');
      if (names.length > QUERY_LIMITS.names)
        throw refuse('server.queryGuard.tooManyNames', { limit: QUERY_LIMITS.names, parameter: name });
      for (const one of names) this.text(one);
      this.count(names.length);
      return;
    }
    this.text(name);
    this.value(name, parseIfJson(value), 1);
  }

  /** Counts every value that is not a list or an object, and every field name. */
  private value(path: string, value: unknown, depth: number): void {
    if (typeof value === 'string') this.text(value);
    if (typeof value !== 'object' || value === null) {
      this.count(1);
      return;
    }
    if (depth > QUERY_LIMITS.depth) throw refuse('server.queryGuard.tooDeep', { limit: QUERY_LIMITS.depth });
    if (Array.isArray(value)) {
      if (value.length > QUERY_LIMITS.listValues)
        throw refuse('server.queryGuard.listTooLong', { list: path, limit: QUERY_LIMITS.listValues });
      for (const item of value) this.value(path, item, depth + 1);
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      this.text(key);
      this.count(1);
      if (DATELESS_OPERATORS.has(key) && holdsDate(inner)) {
        throw refuse('server.queryGuard.dateInList', { operator: key });
      }
      // A list is named by its field and operator (`objectId.$in`); `$or` and `$and` by themselves.
      this.value(
        key.startsWith('$') && depth > 1 && !path.startsWith('$') ? `${path}.${key}` : key,
        inner,
        depth + 1,
      );
    }
  }

  private text(value: string): void {
    if (value.length > QUERY_LIMITS.stringLength)
      throw refuse('server.queryGuard.stringTooLong', { limit: QUERY_LIMITS.stringLength });
  }

  private count(values: number): void {
    this.values += values;
    if (this.values > QUERY_LIMITS.values)
      throw refuse('server.queryGuard.tooManyValues', { limit: QUERY_LIMITS.values });
  }
}

/** Parse reads `where` (and the other JSON parameters) from text too, in a query string or a body. */
function parseIfJson(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    // Parse answers text that is not JSON itself.
    return value;
  }
}

/** Throws a Refusal when one of a query's parameters (its query string and body together) is too large. */
export function checkQuery(...sources: unknown[]): void {
  const measure = new QueryMeasure();
  for (const source of sources) {
    if (!isRecord(source)) continue;
    for (const [name, value] of Object.entries(source)) measure.parameter(name, value);
  }
}

/** A sub-request's path below the mount (`/parse/classes/Meal?x=1` → `/classes/Meal`) and its query string. */
function splitPath(path: string): { route: string; query: Record<string, string> } {
  const [below = '', search = ''] = path.replace(/^(?:https?:\/\/[^/]+)?\/parse(?=\/)/, '').split('?');
  return { route: below, query: Object.fromEntries(new URLSearchParams(search)) };
}

export interface QueryGuardOptions {
  /** Size limit of a JSON body, as Parse's. */
  maxBodySize: string;
  masterKey: string;
}

/**
 * Refuses a query too large for Parse to answer well, before Parse reads it: a list of 200 000
 * values ends Parse's query builder with a stack overflow (500), 100 000 names in `keys` or `order`
 * cost a third of a second, a `where` nested thousands deep overflows it too. Parse's own
 * `requestComplexity` limits `$or` nesting, includes and subqueries, not lists, names or strings.
 * A refusal is 400 with Parse's code 102 and a sentence naming what was too large. Finds and counts
 * are checked whether sent as GET or as the SDK's POST with `_method: "GET"`, alone or in /batch.
 * The master key is not checked (as Parse's limits): only the server itself holds it.
 */
export function queryGuard({ maxBodySize, masterKey }: QueryGuardOptions): RequestHandler {
  const readBody = jsonBodyReader(maxBodySize);

  const guard = async (request: Request, response: Response, next: NextFunction) => {
    const batch = request.method === 'POST' && request.path === '/batch';
    const query = QUERY_ROUTE.test(request.path);
    if (!batch && !query) return next();
    if (sameSecret(request.get('X-Parse-Master-Key'), masterKey)) return next();
    const carriesBody = request.method === 'POST' || request.method === 'PUT';
    if (carriesBody && !(await readBody(request, response))) return;
    const body: unknown = request.body;
    if (isRecord(body) && sameSecret(body._MasterKey, masterKey)) return next();
    try {
      if (batch) {
        const requests = isRecord(body) && Array.isArray(body.requests) ? body.requests : [];
        for (const entry of requests) {
          if (!isRecord(entry) || typeof entry.path !== 'string') continue;
          const method = typeof entry.method === 'string' ? entry.method.toUpperCase() : '';
          const { route, query: subQuery } = splitPath(entry.path);
          if (method === 'GET' && QUERY_ROUTE.test(route)) checkQuery(subQuery, entry.body);
        }
      } else if (request.method === 'GET') {
        checkQuery(request.query, body);
      } else if (isRecord(body) && body._method === 'GET') {
        checkQuery(request.query, body);
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      sendRefusal(response, error);
      return;
    }
    next();
  };

  return (request, response, next) => {
    guard(request, response, next).catch(next);
  };
}
