import type { TestProject } from 'vitest/node';
import { startSharedServer } from './globalSetup';

/**
 * The `integration-nosql` project: a server whose cloud code has no SQL client, so every read
 * that has a PostgreSQL statement and a Parse-query fallback answers through the fallback, as it
 * would on MongoDB.
 */
export function setup(project: TestProject): Promise<() => Promise<void>> {
  return startSharedServer(project, {
    prefix: 'int-nosql',
    env: { CLOUD_SQL: 'false' },
    expectLine: 'Cloud code reads through Parse queries only (CLOUD_SQL=false).',
  });
}
