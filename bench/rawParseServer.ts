// The raw Parse baseline: Parse Server as a person would start it from its README, with no cloud
// code, no rate limits and no security settings of ours, on the same PostgreSQL as the app (in a
// database of its own), and LiveQuery for ChatMessage on the same port. Started by the benchmark
// as its own process; prints one line with its port once it answers.
// RAW_PARSE_EMPTY_TRIGGERS=Activity,Meal names classes that get an empty beforeSave: the cost of
// Parse's trigger pipeline alone, without any code of ours in it.
// RAW_PARSE_CONTRACT=1 gives it our class definitions (cloud/schema: fields, required fields,
// class-level permissions, indexes) as its locked schema, and the security settings of the design
// that bear on a write (no class creation by clients, private users, _User's protected fields,
// idempotency of class writes and functions):
// what Parse itself does for the contract, still without any code of ours.
import http from 'node:http';
import express from 'express';
import { classDefinitions } from '../cloud/schema';
import { IDEMPOTENCY_TTL_S, IDEMPOTENT_PATHS, USER_PROTECTED_FIELDS } from '../server/parse/parseOptions';
import { ParseServer } from '../server/parse/parseServerModule';

const databaseURI = process.env.DATABASE_URI;
if (!databaseURI) throw new Error('DATABASE_URI is required.');
const emptyTriggerClasses = (process.env.RAW_PARSE_EMPTY_TRIGGERS ?? '').split(',').filter(Boolean);
const withContract = process.env.RAW_PARSE_CONTRACT === '1';

interface CloudParse {
  Cloud: { beforeSave(className: string, handler: () => void): void };
}

const app = express();
const server = http.createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const options = {
  appId: 'raw',
  masterKey: 'raw-master-key',
  databaseURI,
  serverURL: `http://127.0.0.1:${port}/parse`,
  allowClientClassCreation: !withContract,
  logLevel: 'error',
  liveQuery: { classNames: ['ChatMessage'] },
  ...(withContract
    ? {
        schema: { definitions: classDefinitions, lockSchemas: true, strict: true, deleteExtraFields: false },
        enforcePrivateUsers: true,
        idempotencyOptions: { paths: IDEMPOTENT_PATHS, ttl: IDEMPOTENCY_TTL_S },
        protectedFields: USER_PROTECTED_FIELDS,
      }
    : {}),
  ...(emptyTriggerClasses.length > 0
    ? {
        cloud: (Parse: CloudParse) => {
          for (const className of emptyTriggerClasses) Parse.Cloud.beforeSave(className, () => undefined);
        },
      }
    : {}),
};
const parseServer = new ParseServer(options);
await parseServer.start();
app.use('/parse', parseServer.app);
const liveQuery = await ParseServer.createLiveQueryServer(
  server,
  { appId: options.appId, masterKey: options.masterKey, serverURL: options.serverURL },
  options,
);
console.log(`raw parse ready on ${port}`);

process.on('SIGTERM', () => {
  void liveQuery.shutdown();
  server.close();
  process.exit(0);
});
