import { PageFrame } from '@/components/PageFrame';

export function Component() {
  return <PageFrame title="Chat" intro="No conversations yet." />;
}
