import { PageFrame } from '@/components/PageFrame';

export function Component() {
  return <PageFrame title="Friends" intro="No friends added yet." />;
}
