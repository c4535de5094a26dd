import { describe, expect, it } from 'vitest';
import { activityRules, chatMessageRules, mealRules, weightEntryRules } from './contract';
import { checkField, checkFields, checkWriteOnce, inputLimits } from './fieldRules';

describe('checkField', () => {
  it('names the field when a required value is missing', () => {
    expect(checkField('durationMin', activityRules.durationMin, undefined)).toBe('durationMin is required.');
  });

  it('accepts a missing optional value', () => {
    expect(checkField('distanceKm', activityRules.distanceKm, undefined)).toBeNull();
  });

  it('refuses numbers outside the range with both limits in the sentence', () => {
    expect(checkField('durationMin', activityRules.durationMin, 0)).toBe(
      'durationMin must be between 1 and 1440.',
    );
    expect(checkField('durationMin', activityRules.durationMin, 1441)).toMatch(/between 1 and 1440/);
    expect(checkField('durationMin', activityRules.durationMin, 1440)).toBeNull();
  });

  it('refuses text that is not a number and NaN', () => {
    expect(checkField('weightKg', weightEntryRules.weightKg, '80')).toBe('weightKg must be a number.');
    expect(checkField('weightKg', weightEntryRules.weightKg, Number.NaN)).toBe('weightKg must be a number.');
  });

  it('counts characters, not UTF-16 units, for text limits', () => {
    expect(checkField('text', chatMessageRules.text, '💪'.repeat(1000))).toBeNull();
    expect(checkField('text', chatMessageRules.text, 'a'.repeat(1001))).toMatch(/1–1000 characters/);
  });

  it('refuses text holding a NUL character, which PostgreSQL cannot store', () => {
    expect(checkField('notes', activityRules.notes, 'a\u0000b')).toBe(
      'notes contains characters that are not allowed.',
    );
  });

  it('refuses a date before 1900, which may be outside the range PostgreSQL stores', () => {
    expect(checkField('startedAt', activityRules.startedAt, new Date('1900-01-01T00:00:00Z'))).toBeNull();
    expect(checkField('startedAt', activityRules.startedAt, new Date('1899-12-31T23:59:59Z'))).toBe(
      'startedAt cannot be before 1900.',
    );
    expect(checkField('startedAt', activityRules.startedAt, new Date('-004714-11-23T00:00:00Z'))).toBe(
      'startedAt cannot be before 1900.',
    );
  });

  it('refuses a value outside a choice and lists the allowed ones', () => {
    expect(checkField('type', activityRules.type, 'chess')).toMatch(/^type must be one of: run, walk/);
  });

  it('refuses a date more than a day ahead of now', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(
      checkField('startedAt', activityRules.startedAt, new Date('2026-11-23T11:00:00Z'), now),
    ).toBeNull();
    expect(checkField('startedAt', activityRules.startedAt, new Date('2026-11-23T13:00:00Z'), now)).toMatch(
      /cannot be more than 1 day ahead/,
    );
    expect(checkField('startedAt', activityRules.startedAt, new Date('nope'), now)).toBe(
      'startedAt must be a valid date.',
    );
  });
});

describe('checkFields', () => {
  it('returns every broken field of a record and nothing for a valid one', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const valid = { type: 'run', startedAt: now, durationMin: 30 };
    expect(checkFields(activityRules, valid, now)).toEqual([]);
    const errors = checkFields(
      activityRules,
      { type: 'run', startedAt: now, durationMin: 0, notes: 'x'.repeat(501) },
      now,
    );
    expect(errors.map((error) => error.field)).toEqual(['durationMin', 'notes']);
  });
});

describe('clientKey', () => {
  const KEY = '0b7e3f4a-5c2d-4e8f-9a1b-2c3d4e5f6a7b';

  it('accepts a lowercase UUID as crypto.randomUUID() makes one, and no key at all', () => {
    expect(checkField('clientKey', activityRules.clientKey, KEY)).toBeNull();
    expect(checkField('clientKey', activityRules.clientKey, crypto.randomUUID())).toBeNull();
    expect(checkField('clientKey', activityRules.clientKey, undefined)).toBeNull();
    expect(checkField('clientKey', activityRules.clientKey, null)).toBeNull();
  });

  it.each([
    ['a blank', ''],
    ['capitals', KEY.toUpperCase()],
    ['no dashes', KEY.replaceAll('-', '')],
    ['version 0', '0b7e3f4a-5c2d-0e8f-9a1b-2c3d4e5f6a7b'],
    ['another variant', '0b7e3f4a-5c2d-4e8f-ca1b-2c3d4e5f6a7b'],
    ['braces', `{${KEY}}`],
    ['a number', 42],
  ])('refuses %s, naming the field', (_label, value) => {
    expect(checkField('clientKey', mealRules.clientKey, value)).toBe('clientKey must be a lowercase UUID.');
  });

  it('lets a saved row keep its key and refuses a changed, added or removed one', () => {
    const saved = { weightKg: 80, clientKey: KEY };
    const other = '1c8f4a5b-6d3e-4f90-8b2c-3d4e5f6a7b8c';

    expect(checkWriteOnce(weightEntryRules, saved, { ...saved, weightKg: 79 })).toEqual([]);
    expect(checkWriteOnce(weightEntryRules, { weightKg: 80 }, { weightKg: 79, clientKey: null })).toEqual([]);
    for (const after of [{ clientKey: other }, { clientKey: undefined }, { clientKey: '' }]) {
      expect(checkWriteOnce(weightEntryRules, saved, { ...saved, ...after })).toEqual([
        {
          field: 'clientKey',
          message: 'clientKey cannot be changed once the row is saved.',
          messageId: 'domain.field.writeOnce',
          values: { field: 'clientKey' },
        },
      ]);
    }
    expect(checkWriteOnce(weightEntryRules, { weightKg: 80 }, { weightKg: 80, clientKey: KEY })).toHaveLength(
      1,
    );
  });
});

describe('inputLimits', () => {
  it("gives a number field its rule's range and a text field its rule's longest length", () => {
    expect(inputLimits(activityRules.durationMin)).toEqual({ min: 1, max: 1440 });
    expect(inputLimits(weightEntryRules.note)).toEqual({ maxLength: 200 });
  });

  it('gives a field of choices, dates or a key no limits', () => {
    expect(inputLimits(mealRules.mealType)).toEqual({});
    expect(inputLimits(mealRules.eatenAt)).toEqual({});
    expect(inputLimits(mealRules.clientKey)).toEqual({});
  });
});
