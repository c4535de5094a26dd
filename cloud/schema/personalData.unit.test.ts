import { describe, expect, it } from 'vitest';
import { EXPORT_PARTS } from '../../src/domain/dataExport';
import { classDefinitions } from './index';
import { deletionOrder, personalClasses, pointersToPeople, undeclaredPointers } from './personalData';
import { signedInPermissions, type ClassDefinition } from './types';

const named = (definitions: readonly { className: string }[]) =>
  definitions.map(({ className }) => className);

describe('personal data in the schema', () => {
  it('says, for every pointer to a person, whether the rows are that person’s', () => {
    expect(undeclaredPointers()).toEqual([]);
    for (const { className, personal } of personalClasses()) {
      const definition = classDefinitions.find((candidate) => candidate.className === className);
      for (const field of [...personal.ownedBy, ...Object.keys(personal.notOwnedBy ?? {})]) {
        expect(definition && pointersToPeople(definition), className).toContain(field);
      }
    }
  });

  it('names only parts the export has, and every part but the profile is some class’s', () => {
    const parts = personalClasses().flatMap(({ personal }) =>
      typeof personal.exportedAs === 'string' ? [personal.exportedAs] : [],
    );
    for (const part of parts) expect(EXPORT_PARTS).toContain(part);
    expect(new Set([...parts, 'profile'])).toEqual(new Set(EXPORT_PARTS));
  });

  it('deletes a class before each class it points at or names by id', () => {
    const order = named(deletionOrder());

    expect(order.indexOf('Meal')).toBeLessThan(order.indexOf('Food'));
    expect(order.indexOf('Routine')).toBeLessThan(order.indexOf('Exercise'));
    expect(order.indexOf('Activity')).toBeLessThan(order.indexOf('Exercise'));
    expect(order.indexOf('Track')).toBeLessThan(order.indexOf('Activity'));
    expect(order.indexOf('OriginalFile')).toBeLessThan(order.indexOf('Activity'));
    expect(order).not.toContain('Challenge');
  });

  it('finds a new class that points at a person and does not say what becomes of its rows', () => {
    const diary: ClassDefinition = {
      className: 'Diary',
      fields: { user: { type: 'Pointer', targetClass: '_User', required: true }, text: { type: 'String' } },
      classLevelPermissions: signedInPermissions(),
    };
    const declared = {
      ...diary,
      personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'meals' },
    } as const;

    expect(undeclaredPointers([...classDefinitions, diary])).toEqual(['Diary.user']);
    expect(named(deletionOrder([...classDefinitions, declared]))).toContain('Diary');
  });

  it('refuses classes that name each other, which no order can delete safely', () => {
    const refers = (className: string, other: string): ClassDefinition => ({
      className,
      fields: { user: { type: 'Pointer', targetClass: '_User' } },
      classLevelPermissions: signedInPermissions(),
      personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'meals', refersTo: [other] },
    });

    expect(() => deletionOrder([refers('A', 'B'), refers('B', 'A')])).toThrow(/A, B name each other/);
  });
});
