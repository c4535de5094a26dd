import type { SignupMode } from './signup';

/**
 * What the admins' page shows of the server itself: who may sign up (an admin's choice overrides
 * the operator's SIGNUP until changed again), and the server's health.
 */

/** The sign-up mode in force, the operator's default (SIGNUP), and the admin's last change, if any. */
export interface SignupSettings {
  mode: SignupMode;
  configuredMode: SignupMode;
  /** The last change an admin made, or null while the operator's SIGNUP applies. */
  changed: { at: string; by: string } | null;
}

/** A node is listed while its last heartbeat is this recent. */
export const NODE_SEEN_MINUTES = 5;
/** How often each node writes its heartbeat. */
export const HEARTBEAT_SECONDS = 30;

export interface ServerNodeRow {
  id: string;
  host: string;
  startedAt: string;
  lastSeen: string;
  version: string;
  /** The node that answered this request. */
  current: boolean;
}

export interface FoodImportRecord {
  at: string;
  source: string;
  /** Foods added and updated by the import. */
  imported: number;
  updated: number;
}

export interface BackupRecord {
  at: string;
  bytes: number;
  /** The archive's path on the machine that wrote it. */
  file: string;
}

export interface ServerStatus {
  nodes: ServerNodeRow[];
  versions: { app: string; parseServer: string; node: string; postgres: string | null };
  /** The catalogue's size, estimated from the database's statistics (null where unknown). */
  catalogueFoods: number | null;
  lastImport: FoodImportRecord | null;
  lastBackup: BackupRecord | null;
}
