import { describe, expect, it } from 'vitest';
import {
  refusalIn,
  refusedByServer,
  refusedFields,
  runIntent,
  type Intents,
  type Refused,
} from './routeActions';

type Result = { kind: 'saved'; id: string } | Refused<{ name?: string }>;

const INTENTS = {
  save: async (form) => {
    const name = form.get('name');
    if (typeof name !== 'string' || !name) return refusedFields({ name: 'Give it a name.' });
    return Promise.resolve({ kind: 'saved', id: name });
  },
  fail: () => Promise.reject(Object.assign(new Error('Invalid session token'), { code: 209 })),
  refused: () =>
    Promise.reject(
      Object.assign(new Error('name must be 1–120 characters long.'), {
        code: 142,
        messageId: 'domain.field.textLengthRange',
        values: { field: 'name', min: 1, max: 120 },
        field: 'name',
      }),
    ),
} satisfies Intents<Result>;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('runIntent', () => {
  it('answers what the intent named answers', async () => {
    expect(await runIntent(form({ intent: 'save', name: 'Oats' }), INTENTS)).toEqual({
      kind: 'saved',
      id: 'Oats',
    });
    expect(await runIntent(form({ intent: 'save' }), INTENTS)).toEqual({
      kind: 'refused',
      fieldErrors: { name: 'Give it a name.' },
    });
  });

  it('refuses an unknown or missing intent, and one that names an inherited property, doing nothing', async () => {
    const asked: Record<string, string>[] = [
      { intent: 'publish' },
      {},
      { intent: 'toString' },
      { intent: '__proto__' },
    ];
    for (const fields of asked) {
      expect(await runIntent(form(fields), INTENTS)).toEqual({
        kind: 'refused',
        formError: 'That action is not known. Reload the page and try again.',
      });
    }
  });

  it('refuses with the sentence of what the intent threw', async () => {
    expect(await runIntent(form({ intent: 'fail' }), INTENTS)).toEqual({
      kind: 'refused',
      formError: expect.stringMatching(/session has expired/) as unknown,
    });
  });
});

describe('runIntent with the form’s fields', () => {
  it('shows the server’s refusal at the field it names, in a sentence naming it by its label', async () => {
    const names = { name: { field: 'name', label: 'nutrition.field.name' } } as const;
    expect(
      await runIntent(form({ intent: 'refused' }), INTENTS, (error) => refusedByServer(error, names)),
    ).toEqual({ kind: 'refused', fieldErrors: { name: 'Name must be 1–120 characters long.' } });
  });
});

describe('refusalIn', () => {
  it('finds a refusal and nothing in any other answer', () => {
    const refused: Result = { kind: 'refused', formError: 'No.' };
    expect(refusalIn<Result>(refused)).toBe(refused);
    expect(refusalIn<Result>({ kind: 'saved', id: 'a' })).toBeUndefined();
    expect(refusalIn<Result>(undefined)).toBeUndefined();
  });
});
