import express, { type Request, type Response } from 'express';
import { ErrorCode } from '../../src/domain/errors';
import { Refusal, sendRefusal } from './refusals';

/**
 * Reads a JSON body once for every handler in front of Parse (Parse's own parser then skips it),
 * whatever the content type the SDK sends. Resolves false after answering 107 itself when the body
 * is not JSON or is over `maxBodySize`; true when `request.body` holds it (or already did).
 */
export function jsonBodyReader(maxBodySize: string) {
  const readJson = express.json({ type: () => true, limit: maxBodySize });
  return async (request: Request, response: Response): Promise<boolean> => {
    if (request.body !== undefined) return true;
    const unreadable = await new Promise<unknown>((resolve) => readJson(request, response, resolve));
    if (!unreadable) return true;
    const status = (unreadable as { status?: unknown }).status;
    sendRefusal(response, new Refusal('server.jsonBody.invalid', {}, ErrorCode.INVALID_JSON), status);
    return false;
  };
}
