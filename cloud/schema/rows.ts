import type ParseSdk from 'parse';
import { Parse, type CloudObject, type ParseFile, type ParseUser } from '../parse';
import type { ClassDefinition, FieldDefinition } from './types';
import type { ClassesByName } from './index';

/** What a field of each of Parse's types holds when it is read. */
interface FieldTypes {
  String: string;
  Number: number;
  Boolean: boolean;
  Date: Date;
  Object: Record<string, unknown>;
  Array: unknown[];
  File: ParseFile;
  Pointer: CloudObject;
}

/** A pointer's row: a person, a row of one of ours (typed in turn), or, for Parse's own, untyped. */
type PointerValue<Target> = Target extends '_User'
  ? ParseUser
  : Target extends keyof ClassesByName
    ? RowOf<ClassesByName[Target]>
    : CloudObject;

type StoredType<Field extends FieldDefinition> = Field extends { type: 'Pointer'; targetClass: infer Target }
  ? PointerValue<Target>
  : FieldTypes[Field['type']];

/** What a field holds: what its definition says it `holds`, else what its type stores. */
type FieldType<Field extends FieldDefinition> = Field extends { holds?: infer Value }
  ? unknown extends Value
    ? StoredType<Field>
    : Value
  : StoredType<Field>;

type Fields<Definition extends ClassDefinition> = Definition['fields'];

/** The names of the fields the schema requires. */
type RequiredName<Definition extends ClassDefinition> = {
  [Name in keyof Fields<Definition>]: Fields<Definition>[Name] extends { required: true } ? Name : never;
}[keyof Fields<Definition>];

/** A class's attributes, as its schema definition declares them: a field not required may be absent. */
export type AttributesOf<Definition extends ClassDefinition> = {
  -readonly [Name in RequiredName<Definition>]: FieldType<Fields<Definition>[Name]>;
} & {
  -readonly [Name in Exclude<keyof Fields<Definition>, RequiredName<Definition>>]?: FieldType<
    Fields<Definition>[Name]
  >;
};

/**
 * A row of a class whose `get`, `set` and queries know its fields and their types: a field the
 * schema does not declare, or a value of another type, fails to compile.
 */
export type RowOf<Definition extends ClassDefinition> = InstanceType<
  typeof ParseSdk.Object<AttributesOf<Definition>>
>;

type QueryOf<Row extends CloudObject> = InstanceType<typeof ParseSdk.Query<Row>>;

/** A query of a class, named by its definition; its rows come back typed. */
export function queryOf<Definition extends ClassDefinition>(
  definition: Definition,
): QueryOf<RowOf<Definition>> {
  return new Parse.Query<RowOf<Definition>>(definition.className);
}

/** A new row of a class, or, given an id, the row known by it alone (for pointers and saves). */
export function rowOf<Definition extends ClassDefinition>(
  definition: Definition,
  id?: string,
): RowOf<Definition> {
  const row = new Parse.Object<AttributesOf<Definition>>(definition.className);
  if (id !== undefined) row.id = id;
  return row;
}

/**
 * Sets some of a row's fields. (The SDK's `set` of an object asks for every required field, even
 * of a row that has them.)
 */
export function setFields<Definition extends ClassDefinition>(
  row: RowOf<Definition>,
  values: Partial<AttributesOf<Definition>>,
): void {
  const untyped: CloudObject = row;
  for (const [name, value] of Object.entries(values)) untyped.set(name, value);
}

/**
 * A row handed over untyped (a trigger's object, a pointer of Parse's own) read as its class's.
 * A row of another class is a programming error, thrown as such.
 */
export function asRow<Definition extends ClassDefinition>(
  definition: Definition,
  row: CloudObject,
): RowOf<Definition> {
  if (row.className !== definition.className)
    throw new Error(`A ${row.className} row was read as a ${definition.className} row.`);
  return row as unknown as RowOf<Definition>;
}
