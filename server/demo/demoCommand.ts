import { ConfigError, loadConfig } from '../config';
import { DemoError, seedDemo } from './demo';

const USAGE = 'npm run demo -- [--reset] [URL of the running app]';

/**
 * `npm run demo`: seeds the demo account on the app `npm start` runs (PUBLIC_URL, else
 * http://localhost:PORT), or on the URL given as an argument or in DEMO_URL. Days are counted in
 * this machine's time zone (TZ), as the browser on it counts them.
 */
export async function runDemoCommand(args: readonly string[]): Promise<void> {
  const fail = (message: string): never => {
    console.error(`[fitstreak] cannot seed the demo: ${message}`);
    process.exit(1);
  };
  const reset = args.includes('--reset');
  const rest = args.filter((arg) => arg !== '--reset');
  if (rest.length > 1 || rest.some((arg) => arg.startsWith('-'))) fail(`usage: ${USAGE}`);
  try {
    const baseUrl = rest[0] ?? process.env.DEMO_URL ?? loadConfig().publicUrl;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const result = await seedDemo({ baseUrl, timeZone, reset });
    const { me, sam, priya } = result.people;
    const total = (field: 'workouts' | 'meals' | 'weighIns') => me[field] + sam[field] + priya[field];
    console.log(
      `[fitstreak] Demo seeded at ${baseUrl} in ${result.seconds.toFixed(1)} s: ${total('workouts')} workouts, ` +
        `${total('meals')} meal entries and ${total('weighIns')} weigh-ins (days in ${timeZone}), ` +
        `friends ${sam.username} and ${priya.username}, ${result.messages} chat messages.`,
    );
    console.log(`[fitstreak] Log in as ${me.username} with the password ${result.password}`);
    process.exit(0);
  } catch (error) {
    if (error instanceof DemoError || error instanceof ConfigError) fail(error.message);
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
