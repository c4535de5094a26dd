import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { isLanguage, LANGUAGES, type Language } from '../../src/domain/languages';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { embeddedDatabaseUri, runningCluster } from '../database/embeddedCluster';
import { startEmbeddedDatabase } from '../database/embeddedDatabase';
import { parseSecrets, SECRETS_FILE } from '../secrets';
import { FoodImportError, importFoods, type FoodImportProgress, type FoodImportSummary } from './importFoods';

/**
 * `npm run foods:import -- <file> [--source off|usda] [--languages en,de,fr,es] [--dry-run] [--prune]`:
 * reaches the database as `npm run backup` does (DATABASE_URI, else the embedded database of
 * DATA_DIR, started for the import if the app is not running), shows progress, ends with a summary.
 */

const USAGE =
  'npm run foods:import -- <file or folder> [--source off|usda] [--languages en,de,fr,es] [--dry-run] [--prune]';
/** How often a progress line is written where no terminal redraws one. */
const LOG_EVERY_MS = 5000;

interface Database {
  pool: pg.Pool;
  close(): Promise<void>;
}

async function openDatabase(config: AppConfig, log: (line: string) => void): Promise<Database> {
  if (config.databaseUri) {
    if (!/^postgres(ql)?:/.test(config.databaseUri)) {
      throw new FoodImportError('DATABASE_URI is not PostgreSQL: the food import writes to PostgreSQL only.');
    }
    const pool = new pg.Pool({ connectionString: config.databaseUri, max: 2 });
    return { pool, close: () => pool.end() };
  }
  const secretsText = await readFile(path.join(config.dataDir, SECRETS_FILE), 'utf8').catch(() => undefined);
  const secrets = secretsText === undefined ? undefined : parseSecrets(secretsText);
  if (!secrets) {
    throw new FoodImportError(
      `${config.dataDir} holds no app data (no ${SECRETS_FILE}): check DATA_DIR, or start the app once.`,
    );
  }
  const running = await runningCluster(config.dataDir);
  if (running) {
    const pool = new pg.Pool({
      connectionString: embeddedDatabaseUri(running.port, secrets.postgresPassword),
      max: 2,
    });
    return { pool, close: () => pool.end() };
  }
  log('The app is not running: starting its database for the import.');
  const database = await startEmbeddedDatabase(config.dataDir, secrets.postgresPassword, log);
  const pool = new pg.Pool({ connectionString: database.uri, max: 2 });
  return {
    pool,
    close: async () => {
      await pool.end();
      await database.stop();
    },
  };
}

function languagesOf(text: string): Language[] {
  const languages = text.split(',').map((language) => language.trim());
  const unknown = languages.filter((language) => !isLanguage(language));
  if (unknown.length > 0 || languages.length === 0) {
    throw new FoodImportError(
      `--languages takes app languages (${LANGUAGES.join(',')}), not ${unknown.join(',')}.`,
    );
  }
  return languages as Language[];
}

const thousands = (n: number) => n.toLocaleString('en-US');

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes} min ${seconds % 60} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `42 % [████░░░░] 1,204,000 products, 3,850/s, about 6 min left` */
export function progressLine({ read, share, elapsedMs }: FoodImportProgress, width = 20): string {
  const filled = Math.round(share * width);
  const rate = elapsedMs > 0 ? (read / elapsedMs) * 1000 : 0;
  const left = share > 0 ? (elapsedMs / share) * (1 - share) : undefined;
  return (
    `${String(Math.round(share * 100)).padStart(3)} % [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ` +
    `${thousands(read)} products, ${thousands(Math.round(rate))}/s` +
    (left === undefined ? '' : `, about ${duration(left)} left`)
  );
}

export function summaryLines(summary: FoodImportSummary): string[] {
  const refused = Object.entries(summary.refused).sort(([, a], [, b]) => b - a);
  const refusedTotal = refused.reduce((total, [, count]) => total + count, 0);
  const rate = summary.durationMs > 0 ? Math.round((summary.read / summary.durationMs) * 1000) : 0;
  return [
    `${summary.dryRun ? 'Dry run, nothing written: ' : ''}${thousands(summary.read)} products read in ${duration(summary.durationMs)} (${thousands(rate)}/s)` +
      (summary.resumedAfter > 0
        ? `, continuing after the ${thousands(summary.resumedAfter)} an earlier run did`
        : '') +
      '.',
    summary.dryRun
      ? `  would import ${thousands(summary.imported)} new`
      : `  imported ${thousands(summary.imported)}, updated ${thousands(summary.updated)}, unchanged ${thousands(summary.unchanged)}`,
    `  refused ${thousands(refusedTotal)}${refused.length > 0 ? `: ${refused.map(([reason, count]) => `${reason} ${thousands(count)}`).join(', ')}` : ''}`,
    ...(summary.pruned + summary.hidden > 0
      ? [
          `  pruned ${thousands(summary.pruned)} no longer in the export, hid ${thousands(summary.hidden)} that meals point to`,
        ]
      : []),
  ];
}

export async function runFoodImportCommand(args: readonly string[]): Promise<void> {
  const say = (line: string) => console.log(`[fitstreak] ${line}`);
  const fail = (message: string): never => {
    console.error(`[fitstreak] cannot import foods: ${message}`);
    process.exit(1);
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        source: { type: 'string', default: 'off' },
        languages: { type: 'string', default: LANGUAGES.join(',') },
        'dry-run': { type: 'boolean', default: false },
        prune: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)} Use: ${USAGE}`);
  }
  const [argument, ...extra] = parsed.positionals;
  if (argument === undefined || extra.length > 0) return fail(`give one export file: ${USAGE}`);
  const source = parsed.values.source;
  if (source !== 'off' && source !== 'usda') return fail(`--source must be off or usda, not ${source}.`);
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  let database: Database | undefined;
  try {
    const languages = languagesOf(parsed.values.languages);
    // Before the database: a mistyped name is said at once and takes no lock.
    await stat(file);
    const config = loadConfig();
    database = await openDatabase(config, say);
    const terminal = process.stdout.isTTY;
    let lastLine = 0;
    const summary = await importFoods(database.pool, {
      file,
      source,
      languages,
      log: say,
      dryRun: parsed.values['dry-run'],
      prune: parsed.values.prune,
      progress: (progress) => {
        if (terminal) {
          process.stdout.write(`\r${progressLine(progress)}`);
        } else if (progress.elapsedMs - lastLine >= LOG_EVERY_MS) {
          lastLine = progress.elapsedMs;
          say(progressLine(progress));
        }
      },
    });
    if (terminal) process.stdout.write('\n');
    for (const line of summaryLines(summary)) say(line);
    await database.close();
    process.exit(0);
  } catch (error) {
    await database?.close().catch(() => undefined);
    if (error instanceof FoodImportError || error instanceof ConfigError) return fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fail(`${file} does not exist.`);
    return fail(error instanceof Error ? error.message.replace(/\s*\n\s*/g, ' ') : String(error));
  }
}
