import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets, SECRETS_FILE } from './secrets';

let dataDir = '';

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fitstreak-secrets-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadOrCreateSecrets', () => {
  it('makes the secrets once, web push keys included, readable by this user only, and reads them back', async () => {
    const made = await loadOrCreateSecrets(dataDir);

    expect(Buffer.from(made.vapidPublicKey ?? '', 'base64url')).toHaveLength(65);
    expect(Buffer.from(made.vapidPrivateKey ?? '', 'base64url')).toHaveLength(32);
    expect((await stat(path.join(dataDir, SECRETS_FILE))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecrets(dataDir)).toEqual(made);
  });

  it('adds a web push key pair to the secrets of an older data directory, keeping the others', async () => {
    const older = { masterKey: 'm'.repeat(43), postgresPassword: 'p'.repeat(36) };
    await writeFile(path.join(dataDir, SECRETS_FILE), JSON.stringify(older), { mode: 0o600 });

    const completed = await loadOrCreateSecrets(dataDir);

    expect(completed).toMatchObject(older);
    expect(completed.vapidPublicKey).toBeTruthy();
    expect(JSON.parse(await readFile(path.join(dataDir, SECRETS_FILE), 'utf8'))).toEqual(completed);
  });
});
