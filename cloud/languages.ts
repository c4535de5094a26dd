import { isLanguage, type Language } from '../src/domain/languages';
import { MASTER, userPointer } from './parse';
import { queryOf } from './schema/rows';
import { settingsClass } from './schema/settings';

/** The language each of `userIds` chose in their settings; those without a choice are left out. */
export async function languagesOf(userIds: readonly string[]): Promise<Map<string, Language>> {
  const languages = new Map<string, Language>();
  for (let start = 0; start < userIds.length; start += 1000) {
    const users = userIds.slice(start, start + 1000).map(userPointer);
    const rows = await queryOf(settingsClass)
      .containedIn('user', users)
      .exists('language')
      .select('user', 'language')
      .limit(users.length)
      .find(MASTER);
    for (const row of rows) {
      const language: unknown = row.get('language');
      if (isLanguage(language)) languages.set(row.get('user').id ?? '', language);
    }
  }
  return languages;
}
