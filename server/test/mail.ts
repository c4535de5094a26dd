import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface MailFilter {
  /** Only mails whose subject contains this text (sign-up alone sends a verification mail). */
  subject?: string;
}

export interface MailWait extends MailFilter {
  /** Wait for more than this many matching mails, e.g. the count before a resend. */
  after?: number;
  timeoutMs?: number;
}

/** The development mails (DATA_DIR/mail/*.eml) to `email` that match, newest first. */
export async function mailsTo(
  dataDir: string,
  email: string,
  { subject }: MailFilter = {},
): Promise<string[]> {
  const directory = path.join(dataDir, 'mail');
  const names = await readdir(directory).catch(() => [] as string[]);
  // File names start with an ISO timestamp and a sequence number, so the newest sorts last.
  const mails = names.filter((name) => name.endsWith('.eml')).sort((a, b) => b.localeCompare(a));
  const matching: string[] = [];
  for (const name of mails) {
    const text = await readFile(path.join(directory, name), 'utf8');
    const lines = text.split('\n');
    if (!lines.includes(`To: ${email}`)) continue;
    if (subject && !lines.some((line) => line.startsWith('Subject: ') && line.includes(subject))) continue;
    matching.push(text);
  }
  return matching;
}

/**
 * The newest matching mail to `email`, waiting up to `timeoutMs`: Parse sends mails without
 * waiting for them, so one may land a moment after the request that caused it has answered.
 */
export async function latestMailTo(
  dataDir: string,
  email: string,
  { after = 0, timeoutMs = 5_000, ...filter }: MailWait = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(dataDir, email, filter);
    const [newest] = mails;
    if (newest !== undefined && mails.length > after) return newest;
    if (Date.now() > deadline) throw new Error(`No new mail to ${email} in ${path.join(dataDir, 'mail')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function linkIn(mail: string): string {
  const match = /https?:\/\/\S+/.exec(mail);
  if (!match) throw new Error(`The mail holds no link:\n${mail}`);
  return match[0];
}
