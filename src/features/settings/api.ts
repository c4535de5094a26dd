import { getParse } from '@/lib/parse';

export type SettingsPatch = Readonly<Record<string, string | number | boolean | null>>;

/**
 * Changes some of the person's settings, creating their one Settings row on first use. `null`
 * removes a value. Only the owner can read the row, so the first row found is theirs.
 */
export async function saveMySettings(patch: SettingsPatch): Promise<void> {
  const Parse = await getParse();
  const apply = async () => {
    const row = (await new Parse.Query('Settings').first()) ?? new Parse.Object('Settings');
    for (const [field, value] of Object.entries(patch)) {
      if (value === null) row.unset(field);
      else row.set(field, value);
    }
    await row.save();
  };
  try {
    await apply();
  } catch (error) {
    // Another tab created the row a moment ago: change that one instead.
    if ((error as { code?: number }).code !== Parse.Error.DUPLICATE_VALUE) throw error;
    await apply();
  }
}
