import type { LoaderFunctionArgs } from 'react-router';
import { PageFrame } from '@/components/PageFrame';
import { DATE_PARAM, requireValidSearch } from '../validity';

export function loader({ request }: LoaderFunctionArgs): null {
  requireValidSearch(request, DATE_PARAM);
  return null;
}

export function Component() {
  return (
    <PageFrame
      title="Nutrition"
      intro="The nutrition log is not available yet: meals cannot be logged here."
    />
  );
}
