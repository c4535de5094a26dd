/** What CSV imports share: a line's cells and a local date with an optional time. */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A local date or date and time, `YYYY-MM-DD` or `YYYY-MM-DD HH:MM[:SS]`; a date alone is 08:00. */
export function readCsvDate(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hours = '08', minutes = '00', seconds = '00'] = match.slice(1);
  const date = new Date(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
  );
  const sameDay =
    date.getFullYear() === Number(year) &&
    date.getMonth() === Number(month) - 1 &&
    date.getDate() === Number(day);
  return sameDay && Number(hours) < 24 && Number(minutes) < 60 ? date : null;
}

/** A line's cells, trimmed and unquoted. */
export function splitCsvLine(line: string): string[] {
  // Semicolons separate cells where a comma is the decimal mark ("79,9").
  const separator = line.includes(';') ? ';' : line.includes('\t') ? '\t' : ',';
  return line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}
