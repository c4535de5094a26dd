import { runDemoCommand } from '../server/demo/demoCommand';

await runDemoCommand(process.argv.slice(2));
