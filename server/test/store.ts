import { createRequire } from 'node:module';
import type ParseSdk from 'parse';
import { inject, vi } from 'vitest';
import type { SqlClient } from '../../cloud/database';
import { connectDatabase } from './serverProcess';

/**
 * The cloud store's reads (cloud/store/) run in the test's own process against the shared server's
 * data, each way: through a SQL client of its database, and through Parse's SDK with the master key,
 * installed as the `Parse` global that cloud code reads (as Parse Server installs it in the server).
 * `load` imports a store module afresh, after the global is in place.
 */
export async function storeHarness<Module>(load: () => Promise<Module>): Promise<{
  store: Module;
  sql: SqlClient;
  /** The SDK the store reads through, for the pointers a test passes it. */
  Parse: typeof ParseSdk;
  close: () => Promise<void>;
}> {
  // The Node build, loaded untyped: its types would widen the `Parse` global's hooks for all of cloud/.
  const ParseNode = createRequire(import.meta.url)('parse/node') as typeof ParseSdk;
  ParseNode.initialize(inject('appId'), '');
  ParseNode.masterKey = inject('masterKey');
  ParseNode.serverURL = `${inject('baseUrl')}/parse`;
  (globalThis as { Parse?: unknown }).Parse = ParseNode;
  vi.resetModules();
  const client = await connectDatabase(inject('dataDir'));
  const sql: SqlClient = {
    query: async <Row>(text: string, values: readonly unknown[]) => {
      const { rows } = await client.query(text, [...values]);
      return { rows: rows as Row[] };
    },
  };
  return { store: await load(), sql, Parse: ParseNode, close: () => client.end() };
}
