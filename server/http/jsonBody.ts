import express, { type Request, type Response } from 'express';
import { t } from '../../src/i18n/messages';

/** Parse's code for a body it cannot read. */
export const INVALID_JSON = 107;

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
    response
      .status(typeof status === 'number' ? status : 400)
      .json({ code: INVALID_JSON, error: t('server.jsonBody.invalid') });
    return false;
  };
}
