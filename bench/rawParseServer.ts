// The raw Parse baseline: Parse Server as a person would start it from its README, with no cloud
// code, no rate limits and no security settings of ours, on the same PostgreSQL as the app (in a
// database of its own). Started by the benchmark as its own process; prints one line with
// its port once it answers.
import http from 'node:http';
import express from 'express';
import { ParseServer } from '../server/parseServerModule';

const databaseURI = process.env.DATABASE_URI;
if (!databaseURI) throw new Error('DATABASE_URI is required.');

const app = express();
const server = http.createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const parseServer = new ParseServer({
  appId: 'raw',
  masterKey: 'raw-master-key',
  databaseURI,
  serverURL: `http://127.0.0.1:${port}/parse`,
  allowClientClassCreation: true,
  logLevel: 'error',
});
await parseServer.start();
app.use('/parse', parseServer.app);
console.log(`raw parse ready on ${port}`);

process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});
