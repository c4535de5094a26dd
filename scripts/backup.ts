import { runBackupCommand } from '../server/backup/backupCommand';

await runBackupCommand('backup', process.argv.slice(2));
