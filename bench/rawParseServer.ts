// The raw Parse baseline: Parse Server as a person would start it from its README, with no cloud
// code, no rate limits and no security settings of ours, on the same PostgreSQL as the app (in a
// database of its own), and LiveQuery for ChatMessage on the same port. Started by the benchmark
// as its own process; prints one line with its port once it answers.
// RAW_PARSE_EMPTY_TRIGGERS=Activity,Meal names classes that get an empty beforeSave: the cost of
// Parse's trigger pipeline alone, without any code of ours in it.
import http from 'node:http';
import express from 'express';
import { ParseServer } from '../server/parseServerModule';

const databaseURI = process.env.DATABASE_URI;
if (!databaseURI) throw new Error('DATABASE_URI is required.');
const emptyTriggerClasses = (process.env.RAW_PARSE_EMPTY_TRIGGERS ?? '').split(',').filter(Boolean);

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
  allowClientClassCreation: true,
  logLevel: 'error',
  liveQuery: { classNames: ['ChatMessage'] },
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
