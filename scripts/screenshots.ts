// `npm run screenshots`: pictures of every page, signed in as the demo account, into docs/screenshots/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeScreenshots } from '../e2e/support/screenshots';
import { loadConfig } from '../server/config';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../server/demo/demo';

const OUT_DIR = fileURLToPath(new URL('../docs/screenshots', import.meta.url));

const [argument, ...extra] = process.argv.slice(2);
if (extra.length > 0 || argument?.startsWith('-')) {
  console.error('[fitstreak] usage: npm run screenshots -- [URL of the running app]');
  process.exit(1);
}
const baseUrl = argument ?? process.env.DEMO_URL ?? loadConfig().publicUrl;
const started = performance.now();
try {
  const files = await takeScreenshots({
    baseUrl,
    username: DEMO_USERNAME,
    password: DEMO_PASSWORD,
    outDir: OUT_DIR,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[fitstreak] ${files.length} screenshots of ${baseUrl} in ${path.relative(process.cwd(), OUT_DIR)}/ in ${seconds} s.`,
  );
} catch (error) {
  console.error(
    `[fitstreak] cannot take the screenshots (start the app and run npm run demo first): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
