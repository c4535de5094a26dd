import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupRecord } from '../src/domain/serverAdmin';

/** Where `npm run backup` notes its last archive, in DATA_DIR beside the database it copied. */
export const BACKUP_RECORD_FILE = 'last-backup.json';

export async function writeBackupRecord(dataDir: string, record: BackupRecord): Promise<void> {
  const file = path.join(dataDir, BACKUP_RECORD_FILE);
  await writeFile(`${file}.new`, `${JSON.stringify(record, null, 2)}\n`);
  await rename(`${file}.new`, file);
}

/** The last backup's record, or null when none was made (or the note cannot be read). */
export async function readBackupRecord(dataDir: string): Promise<BackupRecord | null> {
  const text = await readFile(path.join(dataDir, BACKUP_RECORD_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return null;
  try {
    const record = JSON.parse(text) as Partial<BackupRecord>;
    const { at, bytes, file } = record;
    return typeof at === 'string' && typeof bytes === 'number' && typeof file === 'string'
      ? { at, bytes, file }
      : null;
  } catch {
    return null;
  }
}
