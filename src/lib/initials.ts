/** Up to two letters for a person without a picture: "Anna Berg" → "AB", "e2e_ab12" → "EA". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters =
    words.length > 1
      ? words.slice(0, 2).map((word) => Array.from(word)[0] ?? '')
      : Array.from(words[0] ?? '?').slice(0, 2);
  return letters.join('').toUpperCase();
}
