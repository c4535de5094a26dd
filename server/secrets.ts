import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Secrets generated once per data directory and kept there, readable by this user only. */
export interface DataDirSecrets {
  masterKey: string;
  postgresPassword: string;
}

const FILE_NAME = 'secrets.json';

function generate(): DataDirSecrets {
  return {
    masterKey: randomBytes(32).toString('base64url'),
    // Upper, lower, digit and symbol, as Parse's security check expects of a database password.
    postgresPassword: `${randomBytes(24).toString('base64url')}.Fs9`,
  };
}

export async function loadOrCreateSecrets(dataDir: string): Promise<DataDirSecrets> {
  const file = path.join(dataDir, FILE_NAME);
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<DataDirSecrets>;
    if (typeof stored.masterKey === 'string' && typeof stored.postgresPassword === 'string') {
      return { masterKey: stored.masterKey, postgresPassword: stored.postgresPassword };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets = generate();
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
}
