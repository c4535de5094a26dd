import type { LoaderFunctionArgs } from 'react-router';
import { PageFrame } from '@/components/PageFrame';
import { MONTH_AND_DATE_PARAMS, requireValidSearch } from '../validity';

export function loader({ request }: LoaderFunctionArgs): null {
  requireValidSearch(request, MONTH_AND_DATE_PARAMS);
  return null;
}

export function Component() {
  return <PageFrame title="Today" intro="Nothing logged yet." />;
}
