import { runDemoCommand } from '../server/demoCommand';

await runDemoCommand(process.argv.slice(2));
