import { describe, expect, it } from 'vitest';
import { clusterEntryRule } from './baseBackup';

describe('clusterEntryRule', () => {
  it.each([
    ['PG_VERSION', false, 'copy'],
    ['postgresql.conf', false, 'copy'],
    ['base', true, 'copy'],
    ['base/16384/1259', false, 'copy'],
    ['pg_stat', true, 'copy'],
    ['postmaster.pid', false, 'leave-out'],
    ['postmaster.opts', false, 'leave-out'],
    ['backup_label', false, 'leave-out'],
    ['tablespace_map', false, 'leave-out'],
    ['base/pgsql_tmp', true, 'leave-out'],
    ['base/16384/pgsql_tmp12.0', false, 'leave-out'],
    ['global/pg_internal.init', false, 'leave-out'],
    ['global/pg_control', false, 'last'],
    ['pg_wal', true, 'copy'],
    ['pg_wal/000000010000000000000003', false, 'leave-out'],
    ['pg_wal/archive_status', true, 'directory-only'],
    ['pg_replslot', true, 'directory-only'],
    ['pg_subtrans', true, 'directory-only'],
    ['pg_subtrans/0000', false, 'leave-out'],
    ['pg_stat_tmp/global.stat', false, 'leave-out'],
  ] as const)(
    'answers %s (directory: %s) of a running cluster with %s',
    (relativePath, isDirectory, rule) => {
      expect(clusterEntryRule(relativePath, isDirectory, true)).toBe(rule);
    },
  );

  it.each([
    ['pg_wal/000000010000000000000003', false, 'copy'],
    ['pg_subtrans/0000', false, 'copy'],
    ['backup_label', false, 'copy'],
    ['postmaster.pid', false, 'leave-out'],
    ['base/pgsql_tmp', true, 'leave-out'],
    ['global/pg_control', false, 'last'],
  ] as const)(
    'answers %s (directory: %s) of a stopped cluster with %s',
    (relativePath, isDirectory, rule) => {
      expect(clusterEntryRule(relativePath, isDirectory, false)).toBe(rule);
    },
  );
});
