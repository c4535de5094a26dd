import type { ExportPart } from '../../src/domain/dataExport';

/** The shape Parse Server's `schema.definitions` expects for one class. */
export type FieldType = 'String' | 'Number' | 'Boolean' | 'Date' | 'Object' | 'Array' | 'File' | 'Pointer';

export interface FieldDefinition {
  type: FieldType;
  targetClass?: string;
  required?: boolean;
  defaultValue?: string | number | boolean;
  /** Types only, never set: what the field holds, narrower than its type (see `holds`). */
  holds?: unknown;
}

/**
 * What a field holds, narrower than Parse's type (a string from a list, a list of a given shape),
 * for the types of reads (cloud/schema/rows.ts): `{ type: 'Array', ...holds<LoggedExercise[]>() }`.
 * The contract's rules check it where it is written. Adds nothing to what Parse is given.
 */
export const holds = <Value>(): { readonly holds?: Value } => ({});

type Permission = Record<string, boolean>;

export interface ClassLevelPermissions {
  find: Permission;
  count: Permission;
  get: Permission;
  create: Permission;
  update: Permission;
  delete: Permission;
  addField: Permission;
  protectedFields: Record<string, string[]>;
}

/**
 * Whose rows a class holds, what becomes of them when that person deletes their account, and where
 * the export has them. Every class with a pointer to `_User` says (cloud/schema/personalData.ts
 * reads it; a test holds every such pointer to it).
 */
export interface PersonalData {
  /** The pointers to the person whose rows these are (either side of a friendship). */
  ownedBy: readonly string[];
  /** Other pointers to a person, each with why the rows are not that person's. */
  notOwnedBy?: Readonly<Record<string, string>>;
  /** `delete`: the rows go with the account; else they stay, for the reason given. */
  onAccountDeletion: 'delete' | { keep: string };
  /** The part of the export (`exportMyData`) that holds them, or why none does. */
  exportedAs: ExportPart | { notExported: string };
  /** Classes whose rows these name by id inside a list (no pointer): deleted after these. */
  refersTo?: readonly string[];
}

export interface ClassDefinition {
  className: string;
  fields: Record<string, FieldDefinition>;
  indexes?: Record<string, Record<string, 1 | -1>>;
  classLevelPermissions: ClassLevelPermissions;
  personal?: PersonalData;
}

const SIGNED_IN = { requiresAuthentication: true };
const NOBODY = {};

/** Signed-in people may act; object ACLs (set by the server in beforeSave) decide whose rows. */
export function signedInPermissions(overrides: Partial<ClassLevelPermissions> = {}): ClassLevelPermissions {
  return {
    find: SIGNED_IN,
    count: SIGNED_IN,
    get: SIGNED_IN,
    create: SIGNED_IN,
    update: SIGNED_IN,
    delete: SIGNED_IN,
    addField: NOBODY,
    protectedFields: {},
    ...overrides,
  };
}

export const onlyServer = NOBODY;

/** Closed to every client, signed in or not: only the server (master key) reads or writes. */
export function serverOnlyPermissions(): ClassLevelPermissions {
  return {
    find: NOBODY,
    count: NOBODY,
    get: NOBODY,
    create: NOBODY,
    update: NOBODY,
    delete: NOBODY,
    addField: NOBODY,
    protectedFields: {},
  };
}

export function ownerPointer() {
  return { type: 'Pointer', targetClass: '_User', required: true } as const satisfies FieldDefinition;
}
