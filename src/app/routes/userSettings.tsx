import { PageFrame } from '@/components/PageFrame';

export function Component() {
  return (
    <PageFrame
      title="Settings"
      intro="Account settings are not available yet. Units for weights are on the weight page."
    />
  );
}
