import { latestWeightChanged } from '../latestWeights';
import { Parse, type TriggerRequest } from '../parse';
import { asRow } from '../schema/rows';
import { weightEntryClass } from '../schema/weightEntry';

/** After a weigh-in is saved or deleted, no node estimates with the weight it remembered. */
function forgetOwnersWeight(request: TriggerRequest): Promise<void> {
  const owner = asRow(weightEntryClass, request.object).get('user');
  return owner.id ? latestWeightChanged(owner.id) : Promise.resolve();
}

export function registerWeightEntryTriggers(): void {
  Parse.Cloud.afterSave('WeightEntry', forgetOwnersWeight);
  Parse.Cloud.afterDelete('WeightEntry', forgetOwnersWeight);
}
