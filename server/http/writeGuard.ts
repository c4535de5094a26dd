import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ClassDefinition, FieldType } from '../../cloud/schema/types';
import { ErrorCode } from '../../src/domain/errors';
import { jsonBodyReader } from './jsonBody';
import { Refusal, sendRefusal } from './refusals';

/** Deeper than any value of the data contract (a Pointer or a Date is one level, an ACL two). */
export const MAX_VALUE_DEPTH = 8;

/** `_User` fields Parse declares itself, beside those of cloud/schema/user.ts. */
const USER_FIELDS: Readonly<Record<string, FieldType>> = {
  username: 'String',
  password: 'String',
  email: 'String',
  emailVerified: 'Boolean',
  authData: 'Object',
};

/** The operations Parse's SDK applies to a field of each type; Delete works on any field. */
const OPERATIONS: Partial<Record<FieldType, readonly string[]>> = {
  Number: ['Increment'],
  Array: ['Add', 'AddUnique', 'Remove'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parse decodes a body that is not an object (an array nested 10 000 deep, say) as one value. */
function requireObject(body: unknown): asserts body is Record<string, unknown> {
  if (!isRecord(body)) throw new Refusal('server.writeGuard.notObject', {}, ErrorCode.INVALID_JSON);
}

const isText = (value: unknown) => typeof value === 'string' && value !== '';

const inRange = (value: unknown, limit: number) =>
  typeof value === 'number' && value >= -limit && value <= limit;

/**
 * The typed values Parse decodes (parse/lib/node/decode.js), each with what it needs to be decoded
 * and encoded again: a Date nobody can encode, for one, crashes the process when a trigger's
 * refusal is logged.
 */
const TYPED_VALUES: Readonly<Record<string, (value: Record<string, unknown>) => boolean>> = {
  Date: ({ iso }) => typeof iso === 'string' && !Number.isNaN(new Date(iso).getTime()),
  Pointer: ({ className, objectId }) => isText(className) && isText(objectId),
  Object: ({ className, objectId }) => isText(className) && isText(objectId),
  File: ({ name, url }) => isText(name) && isText(url),
  GeoPoint: ({ latitude, longitude }) => inRange(latitude, 90) && inRange(longitude, 180),
  Bytes: ({ base64 }) => typeof base64 === 'string',
  Relation: ({ className }) => isText(className),
  Polygon: ({ coordinates }) => Array.isArray(coordinates) && coordinates.length >= 3,
};

/** The class a write path names: `/classes/Meal/abc` → Meal, `/users/abc` → _User; batch paths may carry more. */
function classOfPath(path: string): string | undefined {
  const below = path.split('?')[0] ?? '';
  const match = /(?:^|\/)(?:classes\/([A-Za-z_][A-Za-z0-9_]*)|(users))(?:\/[^/]*)?$/.exec(below);
  if (!match) return undefined;
  return match[2] ? '_User' : match[1];
}

function checkAcl(acl: unknown): void {
  const valid =
    isRecord(acl) &&
    Object.values(acl).every(
      (entry) =>
        isRecord(entry) &&
        Object.entries(entry).every(
          ([flag, allowed]) => (flag === 'read' || flag === 'write') && typeof allowed === 'boolean',
        ),
    );
  if (!valid) throw new Refusal('server.writeGuard.acl');
}

function checkOperation(
  field: string,
  type: FieldType | undefined,
  operation: Record<string, unknown>,
): void {
  const op = operation.__op;
  // A field the class does not have cannot be deleted either (Parse fails on the missing column).
  if (op === 'Delete' && type) return;
  const allowed = type ? (OPERATIONS[type] ?? []) : [];
  if (typeof op !== 'string' || !allowed.includes(op)) {
    // The name only when it is one: an operation may be any value, nested thousands deep.
    throw typeof op === 'string'
      ? new Refusal('server.writeGuard.operation', { field, operation: op })
      : new Refusal('server.writeGuard.operationGiven', { field });
  }
  if (op === 'Increment' && (typeof operation.amount !== 'number' || !Number.isFinite(operation.amount))) {
    throw new Refusal('server.writeGuard.incrementNumber', { field });
  }
  if (op !== 'Increment' && !Array.isArray(operation.objects)) {
    throw new Refusal('server.writeGuard.needsObjects', { field, operation: op });
  }
}

/**
 * A value inside a field (or a function's parameter): not too deep, no operations below the top
 * (`depth` 1), typed values Parse can decode.
 */
function checkValue(field: string, value: unknown, depth: number): void {
  if (typeof value !== 'object' || value === null) return;
  if (depth > MAX_VALUE_DEPTH) throw new Refusal('server.writeGuard.tooDeep', { field });
  if (isRecord(value)) {
    const type = value.__type;
    // Own keys only: "__proto__" or "constructor" must not find Object's.
    const decodable =
      typeof type === 'string' && Object.hasOwn(TYPED_VALUES, type) ? TYPED_VALUES[type] : undefined;
    if (decodable && !decodable(value))
      throw new Refusal('server.writeGuard.malformed', { field, type: String(type) });
    if (depth > 1 && '__op' in value) throw new Refusal('server.writeGuard.noOperation', { field });
  }
  for (const inner of Object.values(value)) checkValue(field, inner, depth + 1);
}

/** Throws a Refusal for the first field of a write body that Parse could not turn into an object. */
export function checkWriteBody(
  fields: Readonly<Record<string, FieldType>>,
  body: Record<string, unknown>,
): void {
  for (const [field, value] of Object.entries(body)) {
    // Dotted keys change a key inside an Object field; the contract has no such field to change.
    if (field.includes('.')) throw new Refusal('server.writeGuard.fieldName', { field });
    if (field === 'ACL') checkAcl(value);
    else if (isRecord(value) && '__op' in value) checkOperation(field, fields[field], value);
    checkValue(field, value, 1);
  }
}

/** Throws a Refusal for the first parameter of a cloud function call that Parse could not decode. */
export function checkFunctionParams(params: Record<string, unknown>): void {
  // One level deeper than a field: a parameter is never an operation.
  for (const [name, value] of Object.entries(params)) checkValue(name, value, 2);
}

export interface WriteGuardOptions {
  classes: readonly ClassDefinition[];
  /** Size limit of a JSON body, as Parse's. */
  maxBodySize: string;
}

/**
 * Before any cloud code runs, Parse turns a write's body into SDK objects for the beforeSave
 * triggers, and some malformed values throw there: an ACL that is not a map of flags, an Increment
 * without a number, an Add on a field that holds a number, a dotted key set to null, a value nested
 * thousands deep. Parse answers those with 500 (code 1); a Date it cannot encode again even ends
 * the process when a trigger's refusal is logged. This handler refuses them first with 142 and a
 * sentence naming the field. Writes through /batch are checked one by one, and the parameters of
 * cloud functions, which Parse decodes the same way, too.
 */
export function writeGuard({ classes, maxBodySize }: WriteGuardOptions): RequestHandler {
  const readBody = jsonBodyReader(maxBodySize);
  const fieldsOf = new Map(
    classes.map((definition) => [
      definition.className,
      Object.fromEntries(Object.entries(definition.fields).map(([field, { type }]) => [field, type])),
    ]),
  );
  fieldsOf.set('_User', { ...USER_FIELDS, ...fieldsOf.get('_User') });

  const checkWrite = (method: unknown, path: unknown, body: unknown) => {
    const className = typeof path === 'string' ? classOfPath(path) : undefined;
    if (!className || (method !== 'POST' && method !== 'PUT')) return;
    requireObject(body);
    // The SDK may send a query or a delete as a POST that names its real method in the body.
    if (body._method === 'GET' || body._method === 'DELETE') return;
    checkWriteBody(fieldsOf.get(className) ?? {}, body);
  };

  const guard = async (request: Request, response: Response, next: NextFunction) => {
    const batch = request.path === '/batch';
    const call = request.path.startsWith('/functions/');
    if (request.method !== 'POST' && request.method !== 'PUT') return next();
    if (!batch && !call && !classOfPath(request.path)) return next();
    if (!(await readBody(request, response))) return;
    try {
      const body: unknown = request.body;
      if (call) {
        requireObject(body);
        checkFunctionParams(body);
      } else if (!batch) checkWrite(request.method, request.path, body);
      else if (isRecord(body) && Array.isArray(body.requests)) {
        for (const entry of body.requests) {
          if (isRecord(entry))
            checkWrite(
              typeof entry.method === 'string' ? entry.method.toUpperCase() : '',
              entry.path,
              entry.body,
            );
        }
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
