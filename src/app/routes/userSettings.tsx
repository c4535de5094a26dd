import { PageFrame } from '@/components/PageFrame';

export function Component() {
  return <PageFrame title="Settings" intro="Your account settings." />;
}
