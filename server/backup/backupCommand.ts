import { rmSync } from 'node:fs';
import path from 'node:path';
import { backUp, partialFileOf } from './backup';
import { BackupError } from './backupArchive';
import { ConfigError, loadConfig } from '../config';
import { clusterDirOf } from '../database/embeddedCluster';
import { restore } from './restore';

/** `npm run backup -- <file>` and `npm run restore -- <file>`: one line of outcome, exit code 1 on failure. */
type Command = 'backup' | 'restore';

const VERB: Record<Command, string> = { backup: 'back up', restore: 'restore' };

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The message of an expected refusal, or of any other failure, on one line. */
function oneLine(error: unknown): string {
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s*\n\s*/g, ' ').trim() || 'unknown error';
}

export async function runBackupCommand(command: Command, args: readonly string[]): Promise<void> {
  const fail = (message: string): never => {
    console.error(`[fitstreak] cannot ${VERB[command]}: ${message}`);
    process.exit(1);
  };
  const [argument, ...extra] = args;
  if (argument === undefined || extra.length > 0 || argument.startsWith('-')) {
    fail(`give one archive file: npm run ${command} -- <file>`);
    return;
  }
  // npm runs scripts in the project's folder; a relative name means the folder it was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  try {
    const config = loadConfig();
    // Stopped by Ctrl-C or a supervisor: what this run has half written goes with it.
    const leftover = command === 'backup' ? partialFileOf(file) : `${clusterDirOf(config.dataDir)}.restoring`;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        rmSync(leftover, { recursive: true, force: true });
        fail(`stopped by ${signal}.`);
      });
    }
    if (command === 'backup') {
      const report = await backUp(config, file);
      const database =
        report.method === 'base-backup'
          ? 'base backup of the running database'
          : 'copy of the stopped database';
      console.log(
        `[fitstreak] Backup written to ${report.file}: ${database}, ${count(report.files, 'file')} and secrets.json; ` +
          `${megabytes(report.bytesIn)} read, ${megabytes(report.archiveBytes)} written in ${seconds(report.durationMs)}.`,
      );
    } else {
      const report = await restore(config, file);
      console.log(
        `[fitstreak] Restored the backup of ${report.manifest.createdAt} into ${config.dataDir}: ` +
          `${megabytes(report.clusterBytes)} of database, ${count(report.files, 'file')} and secrets.json in ${seconds(report.durationMs)}. ` +
          'Start the app on it; the database replays its log at the first start.',
      );
    }
    process.exit(0);
  } catch (error) {
    fail(oneLine(error));
  }
}
