import type { CloudArgs, CloudFunctionName, CloudResult } from '@/domain/cloudApi';
import { getParse } from './parse';

/**
 * Calls the cloud function `name` of the contract (src/domain/cloudApi.ts) with its parameters, and
 * answers its result: the one way the browser reaches a cloud function.
 */
export async function callCloud<Name extends CloudFunctionName>(
  name: Name,
  ...[params]: CloudArgs<Name>
): Promise<CloudResult<Name>> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: object) => CloudResult<Name>>(name, params ?? {});
}
