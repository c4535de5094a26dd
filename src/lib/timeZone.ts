/** The browser's IANA time zone; the server prefers the one saved in the person's settings. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
