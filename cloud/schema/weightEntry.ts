import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const weightEntryClass = {
  className: 'WeightEntry',
  fields: {
    user: ownerPointer(),
    measuredAt: { type: 'Date', required: true },
    weightKg: { type: 'Number', required: true },
    bodyFatPct: { type: 'Number' },
    note: { type: 'String' },
    /** The creating client's key for the row (see clientKeyRule in src/domain/contract.ts); unique per person. */
    clientKey: { type: 'String' },
  },
  indexes: { weight_user_measuredAt: { user: 1, measuredAt: -1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'weighIns' },
} as const satisfies ClassDefinition;
