/**
 * What this node knows of itself for the admins' page (`serverStatus`): the server provides it at
 * start. Until then, the process's own facts.
 */
export interface ServerFacts {
  nodeId: string;
  host: string;
  startedAt: Date;
  appVersion: string;
  parseServerVersion: string;
  /** Where `npm run backup` records its last archive; absent with an external database. */
  dataDir: string | undefined;
}

let facts: ServerFacts = {
  nodeId: 'local',
  host: 'localhost',
  startedAt: new Date(),
  appVersion: 'unknown',
  parseServerVersion: 'unknown',
  dataDir: undefined,
};

export function provideServerFacts(provided: ServerFacts): void {
  facts = provided;
}

export function serverFacts(): ServerFacts {
  return facts;
}
