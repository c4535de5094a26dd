import { runBackupCommand } from '../server/backupCommand';

await runBackupCommand('restore', process.argv.slice(2));
