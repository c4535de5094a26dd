import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { SqlClient } from '../../cloud/database';
import { ErrorCode } from '../../src/domain/errors';
import { Refusal, sendRefusal } from './refusals';

/** Longer than any id a client library sends (a UUID is 36), short enough for a unique index. */
export const MAX_REQUEST_ID_LENGTH = 128;

/**
 * The writes Parse's `idempotencyOptions` would guard with the design's paths `classes/.*` and
 * `functions/.*`: a create or an update of an object, and a cloud function call.
 */
function guardedWrite(method: string, path: string): boolean {
  const parts = path.replace(/^\/|\/$/g, '').split('/');
  if (parts[0] === 'classes') {
    return (method === 'POST' && parts.length === 2) || (method === 'PUT' && parts.length === 3);
  }
  return parts[0] === 'functions' && method === 'POST' && parts.length === 2;
}

/** The method Parse routes by: the SDK may send a write as a POST naming its real method. */
function routedMethod(request: Request): string {
  const body: unknown = request.body;
  const named =
    typeof body === 'object' && body !== null ? (body as { _method?: unknown })._method : undefined;
  return request.method === 'POST' && typeof named === 'string' ? named.toUpperCase() : request.method;
}

const objectId = () => randomBytes(8).toString('base64url').slice(0, 10);

/**
 * Refuses the repeat of a write by its `X-Parse-Request-Id` (159), as Parse's idempotency does,
 * in one statement: Parse records each id with a whole write of its own (schema, triggers,
 * validation) before the request's own write, which cost more than all of our code in front of
 * a write. The record is Parse's, in Parse's table, so its expiry and the clean-up are unchanged.
 * Mounted on /parse after the body is read; `sql` is absent until the database is, and on MongoDB,
 * where Parse's own idempotency stays on (server/parse/parseOptions.ts).
 */
export function idempotencyGuard(sql: () => SqlClient | undefined, ttlSeconds: number) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const requestId = request.get('X-Parse-Request-Id');
    const database = sql();
    if (!requestId || !database || !guardedWrite(routedMethod(request), request.path)) {
      next();
      return;
    }
    if (requestId.length > MAX_REQUEST_ID_LENGTH) {
      sendRefusal(
        response,
        new Refusal('server.idempotency.requestIdTooLong', { max: MAX_REQUEST_ID_LENGTH }),
      );
      return;
    }
    try {
      const { rows } = await database.query(
        `INSERT INTO "_Idempotency" ("objectId", "reqId", "expire", "createdAt", "updatedAt")
         VALUES ($1, $2, now() + make_interval(secs => $3), now(), now())
         ON CONFLICT DO NOTHING RETURNING "objectId"`,
        [objectId(), requestId, ttlSeconds],
      );
      if (rows.length === 1) next();
      else response.status(400).json({ code: ErrorCode.DUPLICATE_REQUEST, error: 'Duplicate request' });
    } catch (error) {
      next(error);
    }
  };
}
