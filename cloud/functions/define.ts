import type { CloudFunctionName, CloudParams, CloudResult } from '../../src/domain/cloudApi';
import { Parse, type FunctionRequest } from '../parse';
import { ALLOWED_WHILE_SUSPENDED, refuseSuspended } from '../suspension';

/**
 * What a client sent, by the contract's names: every value is unknown until the handler has checked
 * it (a client may send anything). Reading a name the contract does not have fails to compile.
 */
export type Untrusted<Params> = { [Name in keyof Params]?: unknown };

export interface CloudRequest<Name extends CloudFunctionName> extends Omit<FunctionRequest, 'params'> {
  params: Untrusted<CloudParams<Name>>;
}

/**
 * Defines the cloud function `name` of the contract (src/domain/cloudApi.ts): its handler answers its
 * result. A suspended person is refused every function but the few they keep (cloud/suspension.ts).
 */
export function defineFunction<Name extends CloudFunctionName>(
  name: Name,
  handler: (request: CloudRequest<Name>) => Promise<CloudResult<Name>>,
): void {
  const open = ALLOWED_WHILE_SUSPENDED.has(name);
  Parse.Cloud.define(name, async (request: CloudRequest<Name>) => {
    if (!open && !request.master) await refuseSuspended(request.user);
    return handler(request);
  });
}
