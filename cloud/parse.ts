import type ParseSdk from 'parse';
import type { Query as ParseQuery, User as ParseUser } from 'parse';
import type { Problem, RefusalDetail } from '../src/domain/errors';
import { t, type MessageId, type MessageValues } from '../src/i18n/messages';

export type { ParseQuery, ParseUser };
/** Rows in triggers are untyped bags of attributes; the contract's rules type-check the values. */
export type CloudObject = InstanceType<typeof ParseSdk.Object>;
export type ParseFile = InstanceType<typeof ParseSdk.File>;

/**
 * Cloud code runs inside Parse Server, which installs its own configured `Parse` as a global.
 * Importing `parse/node` here would load a second, unconfigured copy, so we type the global.
 */
export interface TriggerRequest {
  object: CloudObject;
  original?: CloudObject;
  user?: ParseUser;
  master: boolean;
  /** What the client sent as the request's context (untrusted, like everything it sends). */
  context?: Record<string, unknown>;
}

export interface FunctionRequest {
  params: Record<string, unknown>;
  user?: ParseUser;
  master: boolean;
}

export interface ConnectRequest {
  user?: ParseUser;
  sessionToken?: string;
}

export interface SubscribeRequest {
  query: ParseQuery;
  user?: ParseUser;
  sessionToken?: string;
}

/** An event LiveQuery is about to send one subscriber; `sendEvent = false` keeps it back. */
export interface LiveQueryEventRequest {
  event: 'create' | 'enter' | 'update' | 'leave' | 'delete';
  object: CloudObject;
  user?: ParseUser;
  sendEvent: boolean;
}

export interface FindRequest {
  query: ParseQuery;
  user?: ParseUser;
  master: boolean;
}

export interface AfterFindRequest {
  objects: CloudObject[];
  user?: ParseUser;
  master: boolean;
}

/** An upload as a file trigger sees it (Parse.Cloud.FileTriggerRequest). */
export interface FileTriggerRequest {
  file: ParseFile;
  fileSize: number | null;
  /** Set for `X-Parse-Upload-Mode: stream` uploads, whose bytes reach the trigger only after it ran. */
  stream?: boolean;
  user?: ParseUser;
  master: boolean;
}

interface CloudHooks {
  beforeSave(className: string, handler: (request: TriggerRequest) => Promise<void> | void): void;
  /** Returning a new unsaved file stores that one instead of the upload. */
  beforeSave(
    fileClass: typeof ParseSdk.File,
    handler: (request: FileTriggerRequest) => Promise<ParseFile | undefined>,
  ): void;
  afterSave(className: string, handler: (request: TriggerRequest) => Promise<void> | void): void;
  beforeDelete(className: string, handler: (request: TriggerRequest) => Promise<void> | void): void;
  afterDelete(className: string, handler: (request: TriggerRequest) => Promise<void> | void): void;
  beforeFind(className: string, handler: (request: FindRequest) => Promise<void> | void): void;
  /** Runs before a file is downloaded; throwing refuses it. */
  beforeFind(fileClass: typeof ParseSdk.File, handler: (request: FileTriggerRequest) => void): void;
  afterFind(className: string, handler: (request: AfterFindRequest) => Promise<CloudObject[]>): void;
  define(name: string, handler: (request: FunctionRequest) => Promise<unknown>): void;
  /** Runs after the password is checked and before a session is made; throwing refuses the login. */
  beforeLogin(handler: (request: TriggerRequest) => Promise<void>): void;
  /** Runs after a session is deleted by logging out; `object` is the _Session. */
  afterLogout(handler: (request: TriggerRequest) => Promise<void>): void;
  beforeConnect(handler: (request: ConnectRequest) => Promise<void> | void): void;
  beforeSubscribe(className: string, handler: (request: SubscribeRequest) => Promise<void> | void): void;
  afterLiveQueryEvent(className: string, handler: (request: LiveQueryEventRequest) => Promise<void>): void;
  /** Sends a mail through the server's mail adapter (server/parse/mailAdapter.ts). */
  sendEmail(mail: { to: string; subject: string; text: string }): Promise<void> | undefined;
}

type ServerParse = typeof ParseSdk & { Cloud: CloudHooks };

export const Parse = (globalThis as unknown as { Parse: ServerParse }).Parse;

/** Options of a query or save that runs with the master key: past ACLs and class-level permissions. */
export const MASTER = { useMasterKey: true } as const;

/** `findAll`'s options with the master key: pages of a thousand rows. */
export const MASTER_PAGES = { ...MASTER, batchSize: 1000 } as const;

/** A pointer to a person's account by id, for queries and rows that name them. */
export const userPointer = (id: string) => Parse.User.createWithoutData(id);

/** A row its owner alone reads and writes. */
export function ownerAcl(userId: string): InstanceType<typeof ParseSdk.ACL> {
  return new Parse.ACL({ [userId]: { read: true, write: true } });
}

/** A row these people read and only the server writes (notifications, friendships, summaries). */
export function readableBy(...userIds: string[]): InstanceType<typeof ParseSdk.ACL> {
  return new Parse.ACL(Object.fromEntries(userIds.map((id) => [id, { read: true }])));
}

/** A row only the server reads and writes (with the master key): challenges, invitations, roles. */
export function serverOnlyAcl(): InstanceType<typeof ParseSdk.ACL> {
  return new Parse.ACL();
}

/**
 * A refusal in the contract's shape (src/domain/errors.ts): Parse's error with its sentence in the
 * caller's language and, beside it, the message it was written from, its values, and the field
 * `values.field` names. The answer carries them (server/http/refusals.ts).
 */
export function refusal(
  code: number,
  messageId: MessageId,
  values: MessageValues = {},
): Error & RefusalDetail {
  const sent = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
  const field = typeof values.field === 'string' ? { field: values.field } : {};
  return Object.assign(new Parse.Error(code, t(messageId, values)), { messageId, values: sent, ...field });
}

/** What was given cannot be taken (Parse's 142), and why. */
export function validationError(messageId: MessageId, values?: MessageValues): Error & RefusalDetail {
  return refusal(Parse.Error.VALIDATION_ERROR, messageId, values);
}

/** A problem the domain's rules found, refused as `validationError`. */
export function refuseProblem(problem: Problem): Error & RefusalDetail {
  return validationError(problem.messageId, problem.values);
}

export interface SignedInUser {
  user: ParseUser;
  userId: string;
}

export function requireUser(user: ParseUser | undefined): SignedInUser {
  if (!user?.id) throw refusal(Parse.Error.INVALID_SESSION_TOKEN, 'server.parse.logInFirst');
  return { user, userId: user.id };
}

/** A stored number, or `fallback` when the field is absent or not a finite number. */
export function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * The moment a master-only run of a schedule (`sendWeeklySummaries`, `sendReminders`) is asked for:
 * `now` when given, else now. Anyone but the server is refused.
 */
export function scheduledRunAt(request: FunctionRequest, what: 'reminders' | 'summaries'): Date {
  if (!request.master)
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.parse.onlyServerSends', { what });
  const { now } = request.params;
  const at = typeof now === 'string' ? new Date(now) : new Date();
  if (Number.isNaN(at.getTime())) throw validationError('server.parse.nowDate');
  return at;
}
