import { describe, expect, it } from 'vitest';
import { parseAppearanceForm } from './form';

function formWith(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('parseAppearanceForm', () => {
  it('takes system, light or dark', () => {
    for (const theme of ['system', 'light', 'dark']) {
      expect(parseAppearanceForm(formWith({ theme }))).toEqual({ value: { theme } });
    }
  });

  it('refuses anything else with a sentence', () => {
    for (const fields of [{ theme: 'purple' }, { theme: '' }, {}] as Record<string, string>[]) {
      expect(parseAppearanceForm(formWith(fields))).toEqual({
        fieldErrors: { theme: 'Choose system, light or dark.' },
      });
    }
  });
});
