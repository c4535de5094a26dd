import type { RequestHandler } from 'express';
import { ErrorCode } from '../../src/domain/errors';
import { Refusal, sendRefusal } from './refusals';

/** Parse's route, matched as its router matches: any case, with or without a trailing slash. */
const UPGRADE_PATH = /(?:^|\/)upgradeToRevocableSession\/?$/i;

/** The paths a `/batch` body names; anything that is not a batch names none. */
function batchPaths(body: unknown): string[] {
  const requests = (body as { requests?: unknown } | undefined)?.requests;
  if (!Array.isArray(requests)) return [];
  return requests.map((entry) => {
    const path = (entry as { path?: unknown } | undefined)?.path;
    return typeof path === 'string' ? (path.split('?')[0] ?? '') : '';
  });
}

/**
 * Parse's `upgradeToRevocableSession` turns a legacy session token into a revocable session. This
 * server has only revocable sessions (Parse 9 makes no other kind), so there is nothing to upgrade;
 * on PostgreSQL Parse's route also made a new session and then failed with 500 on a `_User` column
 * that only MongoDB has. It is refused with 119 and a sentence, alone and inside `/batch` (whose body
 * the write guard has read).
 */
export const refuseSessionUpgrade: RequestHandler = (request, response, next) => {
  const paths = request.path === '/batch' ? batchPaths(request.body) : [request.path];
  if (!paths.some((path) => UPGRADE_PATH.test(path))) return next();
  sendRefusal(response, new Refusal('server.sessions.alreadyRevocable', {}, ErrorCode.OPERATION_FORBIDDEN));
};
