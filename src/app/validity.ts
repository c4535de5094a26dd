import { data } from 'react-router';
import { isIsoDate, isIsoMonth } from '@/domain/dates';
import { t } from '@/i18n';

export function notFound() {
  return data(t('common.errorPage.notFound'), { status: 404 });
}

/** A page's validity check for its query string: anything present must be well formed, else 404. */
export function requireValidSearch(
  request: Request,
  checks: Readonly<Record<string, (value: string) => boolean>>,
): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [name, isValid] of Object.entries(checks)) {
    const value = params.get(name);
    if (value !== null && !isValid(value)) throw notFound();
  }
  return params;
}

/** A Parse object id as this server makes them. */
export { isObjectId } from '@/domain/ids';

export const DATE_PARAM = { date: isIsoDate } as const;
export const MONTH_AND_DATE_PARAMS = { date: isIsoDate, month: isIsoMonth } as const;
