import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';

/** Secrets generated once per data directory and kept there, readable by this user only. */
export interface DataDirSecrets {
  masterKey: string;
  postgresPassword: string;
  /** The key pair web pushes are signed with (added to older files the first time they are read). */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

export const SECRETS_FILE = 'secrets.json';

function generateVapidKeys(): Required<Pick<DataDirSecrets, 'vapidPublicKey' | 'vapidPrivateKey'>> {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { vapidPublicKey: publicKey, vapidPrivateKey: privateKey };
}

function generate(): DataDirSecrets {
  return {
    masterKey: randomBytes(32).toString('base64url'),
    // Upper, lower, digit and symbol, as Parse's security check expects of a database password.
    postgresPassword: `${randomBytes(24).toString('base64url')}.Fs9`,
    ...generateVapidKeys(),
  };
}

/** The secrets in the text of a secrets.json, or undefined when either required one is missing. */
export function parseSecrets(text: string): DataDirSecrets | undefined {
  const stored = JSON.parse(text) as Partial<DataDirSecrets>;
  if (typeof stored.masterKey !== 'string' || typeof stored.postgresPassword !== 'string') return undefined;
  const vapid =
    typeof stored.vapidPublicKey === 'string' && typeof stored.vapidPrivateKey === 'string'
      ? { vapidPublicKey: stored.vapidPublicKey, vapidPrivateKey: stored.vapidPrivateKey }
      : {};
  return { masterKey: stored.masterKey, postgresPassword: stored.postgresPassword, ...vapid };
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

const secretsText = (secrets: DataDirSecrets) => `${JSON.stringify(secrets, null, 2)}\n`;

export async function loadOrCreateSecrets(dataDir: string): Promise<DataDirSecrets> {
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = await readSecrets(dataDir);
  if (stored?.vapidPublicKey) return stored;
  if (stored) {
    // A data directory from before web push: its key pair is made now, the other secrets kept.
    const completed = { ...stored, ...generateVapidKeys() };
    const partial = `${file}.partial`;
    await writeFile(partial, secretsText(completed), { mode: 0o600 });
    await rename(partial, file);
    return completed;
  }
  const secrets = generate();
  await writeFile(file, secretsText(secrets), { mode: 0o600, flag: 'wx' });
  return secrets;
}
