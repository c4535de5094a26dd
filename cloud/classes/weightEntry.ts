import { latestWeightChanged } from '../latestWeights';
import { Parse, type ParseUser, type TriggerRequest } from '../parse';

/** After a weigh-in is saved or deleted, no node estimates with the weight it remembered. */
function forgetOwnersWeight(request: TriggerRequest): Promise<void> {
  const owner = request.object.get('user') as ParseUser | undefined;
  return owner?.id ? latestWeightChanged(owner.id) : Promise.resolve();
}

export function registerWeightEntryTriggers(): void {
  Parse.Cloud.afterSave('WeightEntry', forgetOwnersWeight);
  Parse.Cloud.afterDelete('WeightEntry', forgetOwnersWeight);
}
