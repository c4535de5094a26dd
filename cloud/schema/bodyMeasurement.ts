import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

/** A person's body measurements on a day, in centimetres (rules: bodyMeasurementRules). */
export const bodyMeasurementClass = {
  className: 'BodyMeasurement',
  fields: {
    user: ownerPointer(),
    measuredAt: { type: 'Date', required: true },
    waistCm: { type: 'Number' },
    hipsCm: { type: 'Number' },
    chestCm: { type: 'Number' },
    neckCm: { type: 'Number' },
    upperArmCm: { type: 'Number' },
    thighCm: { type: 'Number' },
    bodyFatPct: { type: 'Number' },
    /** The creating client's key for the row (see clientKeyRule in src/domain/contract.ts); unique per person. */
    clientKey: { type: 'String' },
  },
  indexes: { measurement_user_measuredAt: { user: 1, measuredAt: -1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'bodyMeasurements' },
} as const satisfies ClassDefinition;
