// Loaded into a server process by `npm run bench:parse-calls` (bench/parseCalls.ts, through
// NODE_OPTIONS=--import). It counts the work Parse Server does inside each request that grows with
// its configuration, which timings on a shared machine cannot separate: copies of its whole
// configuration (`Config.get`, each with a new database controller) and schema loads (each a new
// schema controller), by the Parse function that asked for them; the SQL statements sent through
// Parse's driver and through ours; the promises created. It also records a CPU profile on request,
// with the counting off. The bench asks by writing a command to
// `$PARSE_CALLS_DIR/<pid>.command` and sending SIGUSR2; the answer goes to `<pid>.json`:
// - `counts`: the counts so far;
// - `timing`: the time one copy and one load take in this process;
// - `profile-start`, `profile-stop`: V8's sampling profiler (200 µs) around the writes to look at;
//   the stop answers with the profile.
// Plain JavaScript: it runs before the TypeScript loader the server starts with.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promiseHooks } from 'node:v8';

const require = createRequire(import.meta.url);
const Config = require('parse-server/lib/Config.js');
const schemaControllers = require('parse-server/lib/Controllers/SchemaController.js');

const counts = { configCopies: 0, schemaLoads: 0, promises: 0, sqlByParse: 0, sqlByUs: 0 };
/** `<what>: <Parse function>` → how many times. */
const byCaller = {};
let applicationId;
/** Off while this module times a copy and a load itself. */
let counting = true;

/** Frames of the copy or load itself, not of what asked for it. */
const PLUMBING = new Set([
  'get',
  'load',
  'loadSchema',
  'loadSchemaIfNeeded',
  'constructor',
  'SchemaController',
]);
const FRAME = /at (?:async )?(?:new )?(\S+) \(.*parse-server\/(?:lib|src)\/(?:\w+\/)*(\w+)\.js:(\d+)/;

/** The first Parse function up the stack that asked for the copy or load ("file:line" when unnamed). */
function caller() {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 30;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const frame of stack.split('\n').slice(3)) {
    const [, name = '', file = '', line = ''] = FRAME.exec(frame) ?? [];
    if (!name || PLUMBING.has(name.split('.').at(-1) ?? name)) continue;
    return name === '<anonymous>' ? `${file}:${line}` : `${name} (${file})`;
  }
  return 'no Parse function on the stack';
}

function count(what) {
  if (!counting) return;
  counts[what] += 1;
  const key = `${what}: ${caller()}`;
  byCaller[key] = (byCaller[key] ?? 0) + 1;
}

const copy = Config.get.bind(Config);
Config.get = (appId, ...rest) => {
  applicationId ??= appId;
  count('configCopies');
  return copy(appId, ...rest);
};
const load = schemaControllers.load;
schemaControllers.load = (...args) => {
  count('schemaLoads');
  return load(...args);
};
/** SQL statements sent, through Parse's driver (pg-promise's own pg) and through ours. */
for (const [copyOf, what] of [
  [require.resolve('pg-promise'), 'sqlByParse'],
  [import.meta.url, 'sqlByUs'],
]) {
  const { Client } = createRequire(copyOf)('pg');
  const query = Client.prototype.query;
  Client.prototype.query = function (...args) {
    if (counting) counts[what] += 1;
    return query.apply(this, args);
  };
}

const countPromises = () =>
  promiseHooks.onInit(() => {
    if (counting) counts.promises += 1;
  });
let stopCountingPromises = countPromises();

/** Microseconds per call, timed here with the counting switched off (nothing else runs meanwhile). */
async function timeOne() {
  if (!applicationId) return {};
  counting = false;
  const times = (n, started) => ((performance.now() - started) * 1000) / n;
  let started = performance.now();
  for (let index = 0; index < 2000; index += 1) copy(applicationId);
  const configCopyUs = times(2000, started);
  const adapter = copy(applicationId).database.adapter;
  started = performance.now();
  for (let index = 0; index < 500; index += 1) await load(adapter);
  const schemaLoadUs = times(500, started);
  counting = true;
  return { configCopyUs, schemaLoadUs };
}

const inspector = new Session();
inspector.connect();
const post = (method, parameters = {}) =>
  new Promise((resolve, reject) =>
    inspector.post(method, parameters, (error, result) => (error ? reject(error) : resolve(result))),
  );

const COMMANDS = {
  async counts() {
    return { ...counts, byCaller: { ...byCaller } };
  },
  timing: timeOne,
  async 'profile-start'() {
    counting = false;
    stopCountingPromises();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
    return { started: true };
  },
  async 'profile-stop'() {
    const { profile } = await post('Profiler.stop');
    await post('Profiler.disable');
    stopCountingPromises = countPromises();
    counting = true;
    return { profile };
  },
};

const file = (extension) => path.join(process.env.PARSE_CALLS_DIR ?? '.', `${process.pid}.${extension}`);
process.on('SIGUSR2', () => {
  const command = COMMANDS[readFileSync(file('command'), 'utf8').trim()];
  void command?.().then((answer) => {
    // Whole or not at all: the bench reads it as soon as it appears.
    writeFileSync(file('json.part'), JSON.stringify(answer));
    renameSync(file('json.part'), file('json'));
  });
});
