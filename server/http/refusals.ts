import type { NextFunction, Request, Response } from 'express';
import { parseRefusalOf } from '../../cloud/parseRefusals';
import {
  ErrorCode,
  isParseLikeError,
  refusalDetailOf,
  type ParseLikeError,
  type RefusalBody,
  type RefusalDetail,
  type RefusalValues,
} from '../../src/domain/errors';
import { t, type MessageId } from '../../src/i18n/messages';

function detailOf(error: ParseLikeError): RefusalDetail | null {
  return refusalDetailOf(error) ?? parseRefusalOf(error);
}

/**
 * A refusal of the middleware in front of Parse (the guards, the limits), thrown where it is found
 * and answered by `sendRefusal`.
 */
export class Refusal extends Error implements RefusalDetail {
  constructor(
    readonly messageId: MessageId,
    readonly values: RefusalValues = {},
    readonly code: number = ErrorCode.VALIDATION_ERROR,
  ) {
    super(t(messageId, values));
  }

  get field(): string | undefined {
    return typeof this.values.field === 'string' ? this.values.field : undefined;
  }
}

/** Answers a refusal found in front of Parse in the same shape as Parse's own (`answerRefusal`). */
export function sendRefusal(
  response: Response,
  refusal: Refusal,
  status: unknown = statusOf(refusal.code),
): void {
  const { code, message, messageId, values, field } = refusal;
  const body: RefusalBody = {
    code,
    error: message,
    messageId,
    values,
    ...(field === undefined ? {} : { field }),
  };
  response.status(typeof status === 'number' ? status : statusOf(code)).json(body);
}

function statusOf(code: number): number {
  if (code === ErrorCode.INTERNAL_SERVER_ERROR) return 500;
  if (code === ErrorCode.OBJECT_NOT_FOUND) return 404;
  return 400;
}

/**
 * Parse's errors answered in the contract's shape (src/domain/errors.ts): Parse's `{ code, error }`
 * with the message id, its values and the field beside them, so no client reads the sentence to
 * know what went wrong. Parse hands its errors here (`enableExpressErrorHandler`); it would answer
 * the code and the sentence only. Anything else goes on to the next handler.
 */
export function answerRefusal(
  error: unknown,
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  if (!isParseLikeError(error) || response.headersSent) {
    next(error);
    return;
  }
  const detail = detailOf(error);
  // Parse's own English sentence gives way to the same refusal in the caller's language.
  const sentence = detail && !refusalDetailOf(error) ? t(detail.messageId, detail.values) : error.message;
  const body: RefusalBody = { code: error.code, error: sentence, ...detail };
  response.status(statusOf(error.code)).json(body);
  logRefusal(request, error);
}

interface ParseLogger {
  error: (message: string, error: unknown) => void;
  info: (message: string, error: unknown) => void;
}

/** Logged as Parse logs its answers: an error, except a taken username (info). */
function logRefusal(request: Request, error: ParseLikeError): void {
  const log = (request as Request & { config?: { loggerController?: ParseLogger } }).config?.loggerController;
  if (!log) return;
  if (error.code === ErrorCode.USERNAME_TAKEN) log.info('Parse error: ', error);
  else log.error('Parse error: ', error);
}
