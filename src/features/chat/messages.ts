import { t } from '@/i18n';
import type { ChatMessage } from './types';

/** Messages shown at first and fetched per "Load older messages". */
export const PAGE_SIZE = 30;

/** Oldest first; messages of the same millisecond in id order, so every list sorts the same way. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * Adds messages to a sorted list, each id once: a message can come live, from a catch-up fetch
 * and as the answer to its own save. Answers the same list when nothing is new.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  const known = new Set(current.map((message) => message.id));
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    if (known.has(message.id)) continue;
    known.add(message.id);
    added.push(message);
  }
  if (added.length === 0) return current;
  return [...current, ...added].sort(compareMessages);
}

export function withoutMessage(current: readonly ChatMessage[], id: string): readonly ChatMessage[] {
  return current.some((message) => message.id === id)
    ? current.filter((message) => message.id !== id)
    : current;
}

/**
 * Who wrote a message: "You", a friend's current name, or the name the server recorded with the
 * message; a message without one (written before names were recorded) gets a label from the id.
 */
export function authorLabel(
  { authorId, authorName }: Pick<ChatMessage, 'authorId' | 'authorName'>,
  meId: string,
  names: Readonly<Record<string, string>>,
): string {
  if (authorId === meId) return t('chat.author.you');
  return names[authorId] ?? (authorName || t('chat.author.member', { id: authorId.slice(-4) }));
}
