import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The newest development mail (DATA_DIR/mail/*.eml) addressed to `email`, waiting up to `timeoutMs`. */
export async function latestMailTo(dataDir: string, email: string, timeoutMs = 5_000): Promise<string> {
  const directory = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(directory).catch(() => [] as string[]);
    // File names start with an ISO timestamp and a sequence number, so the newest sorts last.
    const mails = names.filter((name) => name.endsWith('.eml')).sort((a, b) => b.localeCompare(a));
    for (const name of mails) {
      const text = await readFile(path.join(directory, name), 'utf8');
      if (text.split('\n').includes(`To: ${email}`)) return text;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in ${directory}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function linkIn(mail: string): string {
  const match = /https?:\/\/\S+/.exec(mail);
  if (!match) throw new Error(`The mail holds no link:\n${mail}`);
  return match[0];
}
