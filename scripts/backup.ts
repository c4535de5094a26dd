import { runBackupCommand } from '../server/backupCommand';

await runBackupCommand('backup', process.argv.slice(2));
