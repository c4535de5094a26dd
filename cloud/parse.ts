import type ParseSdk from 'parse/node';

/**
 * Cloud code runs inside Parse Server, which installs its own configured `Parse` as a global.
 * Importing `parse/node` here would load a second, unconfigured copy, so we type the global.
 */
export interface TriggerRequest {
  object: ParseSdk.Object;
  original?: ParseSdk.Object;
  user?: ParseSdk.User;
  master: boolean;
}

export interface FunctionRequest {
  params: Record<string, unknown>;
  user?: ParseSdk.User;
  master: boolean;
}

export interface ConnectRequest {
  user?: ParseSdk.User;
  sessionToken?: string;
}

export interface SubscribeRequest {
  query: ParseSdk.Query;
  user?: ParseSdk.User;
  sessionToken?: string;
}

interface CloudHooks {
  beforeSave(className: string, handler: (request: TriggerRequest) => Promise<void> | void): void;
  beforeDelete(className: string, handler: (request: TriggerRequest) => Promise<void> | void): void;
  define(name: string, handler: (request: FunctionRequest) => Promise<unknown>): void;
  beforeConnect(handler: (request: ConnectRequest) => Promise<void> | void): void;
  beforeSubscribe(className: string, handler: (request: SubscribeRequest) => Promise<void> | void): void;
}

type ServerParse = typeof ParseSdk & { Cloud: CloudHooks };

export const Parse = (globalThis as unknown as { Parse: ServerParse }).Parse;

export function validationError(message: string): ParseSdk.Error {
  return new Parse.Error(Parse.Error.VALIDATION_ERROR, message);
}

export function requireUser(user: ParseSdk.User | undefined): ParseSdk.User {
  if (!user) throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
  return user;
}
