import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Secrets generated once per data directory and kept there, readable by this user only. */
export interface DataDirSecrets {
  masterKey: string;
  postgresPassword: string;
}

export const SECRETS_FILE = 'secrets.json';

function generate(): DataDirSecrets {
  return {
    masterKey: randomBytes(32).toString('base64url'),
    // Upper, lower, digit and symbol, as Parse's security check expects of a database password.
    postgresPassword: `${randomBytes(24).toString('base64url')}.Fs9`,
  };
}

/** The secrets in the text of a secrets.json, or undefined when either is missing. */
export function parseSecrets(text: string): DataDirSecrets | undefined {
  const stored = JSON.parse(text) as Partial<DataDirSecrets>;
  if (typeof stored.masterKey === 'string' && typeof stored.postgresPassword === 'string') {
    return { masterKey: stored.masterKey, postgresPassword: stored.postgresPassword };
  }
  return undefined;
}

/** The secrets kept in `dataDir`, or undefined when it has none yet. */
export async function readSecrets(dataDir: string): Promise<DataDirSecrets | undefined> {
  try {
    return parseSecrets(await readFile(path.join(dataDir, SECRETS_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function loadOrCreateSecrets(dataDir: string): Promise<DataDirSecrets> {
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = await readSecrets(dataDir);
  if (stored) return stored;
  const secrets = generate();
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
}
