export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address: "see https://x.org." */
const TRAILING = /[.,;:!?'")\]}*]$/;

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Drops trailing punctuation, keeping a closing parenthesis that one inside the address opened. */
function trimTrailing(candidate: string): string {
  let url = candidate;
  while (TRAILING.test(url)) {
    if (url.endsWith(')') && count(url, '(') >= count(url, ')')) break;
    url = url.slice(0, -1);
  }
  return url;
}

function isWebAddress(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Splits a message into plain text and http(s) addresses; nothing else becomes a link. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const url = trimTrailing(match[0]);
    if (!isWebAddress(url)) continue;
    const start = match.index;
    if (start > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, start) });
    parts.push({ kind: 'link', text: url, href: url });
    plainFrom = start + url.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}
