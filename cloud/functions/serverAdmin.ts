import { SIGNUP_MODES, isSignupMode } from '../../src/domain/signup';
import {
  NODE_SEEN_MINUTES,
  type FoodImportRecord,
  type ServerNodeRow,
  type ServerStatus,
  type SignupSettings,
} from '../../src/domain/serverAdmin';
import { administers } from '../../src/domain/moderation';
import { roleOf } from '../admins';
import { readBackupRecord } from '../backupRecord';
import { FOOD_IMPORT_RECORD_TABLE, SERVER_NODE_TABLE, sqlClient, type SqlClient } from '../database';
import { Parse, refusal, requireUser, validationError, type ParseUser } from '../parse';
import { serverFacts } from '../serverFacts';
import { changeSignupMode, signupSettings as currentSignupSettings } from '../store/signupMode';
import { defineFunction, type CloudRequest } from './define';

/** The admins' page's sign-up and server sections: admins and owners only, whoever else asks. */
async function requireAdmin(user: ParseUser | undefined): Promise<string> {
  const { userId } = requireUser(user);
  if (!administers(await roleOf(userId))) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.adminsOnly');
  }
  const username: unknown = user?.get('username');
  return typeof username === 'string' ? username : userId;
}

/** `signupSettings()`: the mode in force, the operator's default and the last change. */
async function signupSettings(request: CloudRequest<'signupSettings'>): Promise<SignupSettings> {
  await requireAdmin(request.user);
  return currentSignupSettings();
}

/** `setSignupMode({ mode })`: open, invite or closed from now on, on every node; recorded with its admin. */
async function setSignupMode(request: CloudRequest<'setSignupMode'>): Promise<SignupSettings> {
  const admin = await requireAdmin(request.user);
  const { mode } = request.params;
  if (!isSignupMode(mode)) {
    throw validationError('server.signupMode.mode', { field: 'mode', values: SIGNUP_MODES.join(', ') });
  }
  await changeSignupMode(mode, admin);
  return currentSignupSettings();
}

/** Missing tables (a database that never had an import, a node that never beat) read as nothing. */
async function rowsOf<Row>(sql: SqlClient, text: string): Promise<Row[]> {
  const { rows: found } = await sql.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
    text.match(/FROM (\w+)/)?.[1] ?? '',
  ]);
  if (!found[0]?.found) return [];
  return (await sql.query<Row>(text, [])).rows;
}

async function nodesOf(sql: SqlClient | undefined): Promise<ServerNodeRow[]> {
  const facts = serverFacts();
  const self: ServerNodeRow = {
    id: facts.nodeId,
    host: facts.host,
    startedAt: facts.startedAt.toISOString(),
    lastSeen: new Date().toISOString(),
    version: facts.appVersion,
    current: true,
  };
  if (!sql) return [self];
  const rows = await rowsOf<{ id: string; host: string; started_at: Date; last_seen: Date; version: string }>(
    sql,
    `SELECT node_id AS id, host, started_at, last_seen, version FROM ${SERVER_NODE_TABLE}
     WHERE last_seen > now() - interval '${NODE_SEEN_MINUTES} minutes' ORDER BY started_at, node_id`,
  );
  const others = rows
    .filter((row) => row.id !== self.id)
    .map((row) => ({
      id: row.id,
      host: row.host,
      startedAt: row.started_at.toISOString(),
      lastSeen: row.last_seen.toISOString(),
      version: row.version,
      current: false,
    }));
  return [self, ...others];
}

async function lastImportOf(sql: SqlClient): Promise<FoodImportRecord | null> {
  const [row] = await rowsOf<{ at: Date; source: string; imported: string; updated: string }>(
    sql,
    `SELECT finished_at AS at, source, imported, updated FROM ${FOOD_IMPORT_RECORD_TABLE}
     ORDER BY finished_at DESC LIMIT 1`,
  );
  return row
    ? {
        at: row.at.toISOString(),
        source: row.source,
        imported: Number(row.imported),
        updated: Number(row.updated),
      }
    : null;
}

/** The catalogue's rows as PostgreSQL's statistics estimate them: instant at any size. */
async function catalogueEstimate(sql: SqlClient): Promise<number | null> {
  const { rows } = await sql.query<{ estimate: number | null }>(
    `SELECT CASE WHEN reltuples < 0 THEN NULL ELSE reltuples::bigint END AS estimate
     FROM pg_class WHERE oid = to_regclass('"Food"')`,
    [],
  );
  const estimate = rows[0]?.estimate;
  return estimate === null || estimate === undefined ? null : Number(estimate);
}

/**
 * `serverStatus()`: the nodes seen in the last minutes, the versions, the food catalogue's size and
 * last import, and the last backup. Without SQL (MongoDB), only this node and what it knows itself.
 */
async function serverStatus(request: CloudRequest<'serverStatus'>): Promise<ServerStatus> {
  await requireAdmin(request.user);
  const sql = sqlClient();
  const facts = serverFacts();
  const [nodes, postgres, catalogueFoods, lastImport, lastBackup] = await Promise.all([
    nodesOf(sql),
    sql
      ? sql
          .query<{ version: string }>("SELECT current_setting('server_version') AS version", [])
          .then(({ rows }) => rows[0]?.version ?? null)
      : null,
    sql ? catalogueEstimate(sql) : null,
    sql ? lastImportOf(sql) : null,
    facts.dataDir ? readBackupRecord(facts.dataDir) : null,
  ]);
  return {
    nodes,
    versions: {
      app: facts.appVersion,
      parseServer: facts.parseServerVersion,
      node: process.versions.node,
      postgres: postgres?.split(' ')[0] ?? null,
    },
    catalogueFoods,
    lastImport,
    lastBackup,
  };
}

export function registerServerAdminFunctions(): void {
  defineFunction('signupSettings', signupSettings);
  defineFunction('setSignupMode', setSignupMode);
  defineFunction('serverStatus', serverStatus);
}
