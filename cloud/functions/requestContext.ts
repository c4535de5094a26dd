import { isValidTimeZone } from '../../src/domain/calendarDays';
import { isIsoDate } from '../../src/domain/dates';
import { mealRules } from '../../src/domain/contract';
import { EARLIEST_DATE, fieldProblem } from '../../src/domain/fieldRules';
import { isLanguage, LANGUAGES, type Language } from '../../src/domain/languages';
import { refuseProblem, validationError, type ParseUser } from '../parse';
import { queryOf, type RowOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';

export type SettingsRow = RowOf<typeof settingsClass>;

/**
 * The days a request may name: the contract's dates start in 1900, and a day near the year 9999
 * has no following days to count (a summary reads two past it).
 */
const FIRST_DAY = EARLIEST_DATE.toISOString().slice(0, 10);
const LAST_DAY = '2999-12-31';

/** A required day parameter: a real day written YYYY-MM-DD from 1900 to 2999, else 142 naming `field`. */
export function readDay(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw validationError('server.params.day', { field });
  }
  if (value < FIRST_DAY || value > LAST_DAY) throw validationError('server.params.dayRange', { field });
  return value;
}

/** An optional `date` parameter: absent, or a real day written YYYY-MM-DD. */
export function readDateParam(date: unknown): string | undefined {
  return date === undefined ? undefined : readDay(date, 'date');
}

/** An optional `timeZone` parameter: absent, or an IANA zone name this runtime knows. */
export function readTimeZoneParam(timeZone: unknown): string | undefined {
  if (timeZone === undefined) return undefined;
  if (typeof timeZone !== 'string' || !isValidTimeZone(timeZone)) {
    throw validationError('server.params.timeZone', { field: 'timeZone' });
  }
  return timeZone;
}

/** An optional `language` parameter: absent, or one of the app's languages. */
export function readLanguageParam(language: unknown): Language | undefined {
  if (language === undefined) return undefined;
  if (!isLanguage(language)) {
    throw validationError('server.params.oneOf', { field: 'language', values: LANGUAGES.join(', ') });
  }
  return language;
}

/** The caller's one Settings row, read with the master key (cloud code acts for its owner). */
/** A meal's clientKey when one is sent: a UUID, as the offline queue keys its entries; else 142. */
export function readClientKey(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const problem = fieldProblem('clientKey', mealRules.clientKey, value);
  if (problem) throw refuseProblem(problem);
  return value as string;
}

export function settingsOf(user: ParseUser): Promise<SettingsRow | undefined> {
  return queryOf(settingsClass).equalTo('user', user).first({ useMasterKey: true });
}

/** The person's saved zone wins; else the browser's; else UTC. */
export function timeZoneOf(settings: SettingsRow | undefined, requested: string | undefined): string {
  const saved = settings?.get('timezone');
  return saved !== undefined && isValidTimeZone(saved) ? saved : (requested ?? 'UTC');
}
