import { PageFrame } from '@/components/PageFrame';

export function Component() {
  return <PageFrame title="Weight" intro="No weigh-ins recorded yet." />;
}
