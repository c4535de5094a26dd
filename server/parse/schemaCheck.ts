import type { ClassDefinition } from '../../cloud/schema/types';
import { PARSE_IN_MEMORY_CLASSES, type StoredClass } from './parseServerModule';

/** Keys in a stable order, so two permission objects compare by content only. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

function typeName(field: { type: string; targetClass?: string }): string {
  return field.targetClass ? `${field.type} to ${field.targetClass}` : field.type;
}

/**
 * What the database's schema lacks, or holds otherwise, than `definitions` declare: one sentence
 * each, empty when Parse's migration ran to completion. Parse only warns about a field whose type
 * differs and skips the rest of its migration after a failure outside production; this is how a
 * start notices either.
 */
export function schemaDifferences(
  definitions: readonly ClassDefinition[],
  stored: readonly StoredClass[],
): string[] {
  const differences: string[] = [];
  for (const definition of definitions) {
    const { className } = definition;
    if (PARSE_IN_MEMORY_CLASSES.includes(className)) {
      differences.push(`${className} is one of Parse's in-memory classes and cannot be declared.`);
      continue;
    }
    const found = stored.find((candidate) => candidate.className === className);
    if (!found) {
      differences.push(`${className} is missing.`);
      continue;
    }
    for (const [name, field] of Object.entries(definition.fields)) {
      const actual = found.fields[name];
      if (!actual) differences.push(`${className}.${name} is missing.`);
      else if (actual.type !== field.type || actual.targetClass !== field.targetClass)
        differences.push(
          `${className}.${name} is a ${typeName(actual)} in the database but a ${typeName(field)} in the code.`,
        );
    }
    for (const [operation, expected] of Object.entries(definition.classLevelPermissions)) {
      if (!same(found.classLevelPermissions?.[operation], expected))
        differences.push(`${className}'s ${operation} permission differs from the code's.`);
    }
    for (const [name, keys] of Object.entries(definition.indexes ?? {})) {
      if (!same(found.indexes?.[name], keys)) differences.push(`${className}'s index ${name} is missing.`);
    }
  }
  return differences;
}
