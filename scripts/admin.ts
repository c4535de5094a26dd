import { runAdminCommand } from '../server/admin/adminCommand';

await runAdminCommand(process.argv.slice(2));
