import { currentLanguage } from '@/i18n';

/** A day and time of the moderation pages, in the language shown. */
export function shownDateTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
