import { runBackupCommand } from '../server/backup/backupCommand';

await runBackupCommand('restore', process.argv.slice(2));
