import { describe, expect, it } from 'vitest';
import { classDefinitions } from '../../cloud/schema';
import { serverOnlyPermissions, type ClassDefinition } from '../../cloud/schema/types';
import { PARSE_IN_MEMORY_CLASSES, type StoredClass } from './parseServerModule';
import { schemaDifferences } from './schemaCheck';

const routine: ClassDefinition = {
  className: 'Routine',
  fields: { name: { type: 'String', required: true }, user: { type: 'Pointer', targetClass: '_User' } },
  indexes: { routine_user: { user: 1 } },
  classLevelPermissions: serverOnlyPermissions(),
};

/** The class as Parse stores it once migrated: its own columns besides ours, keys in its order. */
function stored(overrides: Partial<StoredClass> = {}): StoredClass {
  return {
    className: 'Routine',
    fields: {
      objectId: { type: 'String' },
      ACL: { type: 'ACL' },
      name: { type: 'String' },
      user: { type: 'Pointer', targetClass: '_User' },
    },
    classLevelPermissions: { ...serverOnlyPermissions(), protectedFields: {} },
    indexes: { _id_: { _id: 1 }, routine_user: { user: 1 } },
    ...overrides,
  };
}

describe('schemaDifferences', () => {
  it('finds none when the database holds every class, field, permission and index the code declares', () => {
    expect(schemaDifferences([routine], [stored()])).toEqual([]);
  });

  it('names a missing class, a missing field and a field of another type', () => {
    const withoutName = stored({ fields: { user: { type: 'String' } } });

    expect(schemaDifferences([routine], [])).toEqual(['Routine is missing.']);
    expect(schemaDifferences([routine], [withoutName])).toEqual([
      'Routine.name is missing.',
      'Routine.user is a String in the database but a Pointer to _User in the code.',
    ]);
  });

  it('names a permission left open and an index not created', () => {
    const open = stored({
      classLevelPermissions: { ...serverOnlyPermissions(), addField: { '*': true } },
      indexes: {},
    });

    expect(schemaDifferences([routine], [open])).toEqual([
      "Routine's addField permission differs from the code's.",
      "Routine's index routine_user is missing.",
    ]);
  });

  it("refuses a definition of one of Parse's in-memory classes, which its migration cannot save", () => {
    const audience = { ...routine, className: '_Audience' };

    expect(schemaDifferences([audience], [])).toEqual([
      "_Audience is one of Parse's in-memory classes and cannot be declared.",
    ]);
  });

  it("declares none of Parse's in-memory classes", () => {
    const volatile = classDefinitions.filter((definition) =>
      PARSE_IN_MEMORY_CLASSES.includes(definition.className),
    );

    expect(volatile).toEqual([]);
  });
});
