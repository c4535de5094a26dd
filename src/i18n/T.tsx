import { cloneElement, Fragment, createElement, type ReactElement, type ReactNode } from 'react';
import { useT } from './index';
import type { MessageId, MessageValues } from './messages';

interface TProps {
  id: MessageId;
  values?: MessageValues;
  /** Elements for the message's numbered tags: "<0>12</0> of 150" with `{ 0: <strong /> }`. */
  components?: Record<string, ReactElement>;
}

const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

/** A filled message's numbered tags ("<0>12</0> of 150") as the elements `components` gives. */
export function withElements(text: string, components: Readonly<Record<string, ReactElement>>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const [, open, inner = '', empty] = match;
    const element = components[open ?? empty ?? ''];
    const key = nodes.length;
    if (!element) nodes.push(inner);
    else if (empty !== undefined) nodes.push(cloneElement(element, { key }));
    else nodes.push(cloneElement(element, { key }, ...withElements(inner, components)));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** A message with elements inside it (bold numbers, links), in the language shown. */
export function T({ id, values, components = {} }: TProps): ReactNode {
  const t = useT();
  return createElement(Fragment, null, ...withElements(t(id, values), components));
}
