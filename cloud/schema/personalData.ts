import { classDefinitions } from './index';
import type { ClassDefinition, PersonalData } from './types';

export interface PersonalClass {
  className: string;
  personal: PersonalData;
}

/** The classes that hold people's rows, as their definitions say (`personal`). */
export function personalClasses(definitions: readonly ClassDefinition[] = classDefinitions): PersonalClass[] {
  return definitions.flatMap(({ className, personal }) => (personal ? [{ className, personal }] : []));
}

/** The fields of a class that point at a person (`_User`). */
export function pointersToPeople(definition: ClassDefinition): string[] {
  return Object.entries(definition.fields)
    .filter(([, field]) => field.type === 'Pointer' && field.targetClass === '_User')
    .map(([name]) => name);
}

/**
 * Pointers to a person (`Class.field`) whose class does not say whether the rows are that person's:
 * a class that must not be left out of account deletion and export, and is.
 */
export function undeclaredPointers(definitions: readonly ClassDefinition[] = classDefinitions): string[] {
  return definitions.flatMap((definition) => {
    const declared = new Set([
      ...(definition.personal?.ownedBy ?? []),
      ...Object.keys(definition.personal?.notOwnedBy ?? {}),
    ]);
    return pointersToPeople(definition)
      .filter((field) => !declared.has(field))
      .map((field) => `${definition.className}.${field}`);
  });
}

/**
 * The classes whose rows go when their person deletes their account, each before every class it
 * points at or names by id (`refersTo`): a deletion cut short never leaves a row naming one already
 * gone. Classes with nothing between them keep the order of the definitions.
 */
export function deletionOrder(definitions: readonly ClassDefinition[] = classDefinitions): PersonalClass[] {
  const deleted = personalClasses(definitions).filter(
    ({ personal }) => personal.onAccountDeletion === 'delete',
  );
  const names = new Set(deleted.map(({ className }) => className));
  const namedBy = new Map<string, Set<string>>();
  for (const definition of definitions) {
    if (!names.has(definition.className)) continue;
    const targets = [
      ...Object.values(definition.fields).flatMap((field) =>
        field.type === 'Pointer' ? [field.targetClass ?? ''] : [],
      ),
      ...(definition.personal?.refersTo ?? []),
    ].filter((target) => names.has(target) && target !== definition.className);
    for (const target of targets) {
      const referrers = namedBy.get(target) ?? new Set<string>();
      referrers.add(definition.className);
      namedBy.set(target, referrers);
    }
  }
  const order: PersonalClass[] = [];
  const waiting = [...deleted];
  while (waiting.length > 0) {
    const placed = new Set(order.map(({ className }) => className));
    const next = waiting.findIndex(({ className }) =>
      [...(namedBy.get(className) ?? [])].every((referrer) => placed.has(referrer)),
    );
    if (next === -1) {
      throw new Error(`The classes ${waiting.map(({ className }) => className).join(', ')} name each other.`);
    }
    order.push(...waiting.splice(next, 1));
  }
  return order;
}
