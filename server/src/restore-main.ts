import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { OperationRefused } from './ops/operation-refused';
import { runOpsCommand } from './ops/ops-command';
import { restoreShop } from './ops/restore';

const usage = `Usage: npm run restore -- --from <backup folder | s3://bucket/prefix/manukato-backup-…>

Restores a backup made by \`npm run backup\` into an EMPTY database: DATABASE_URL, else the embedded one in
DATA_DIR (default ./data; created when there is none). A database with any table is refused. The images go back
where the shop keeps them (S3_BUCKET or UPLOADS_DIR). Every file is checked against the manifest's checksums
first, the dump is restored in one transaction, and the restored tables' rows are compared with the backup's
counts. A bucket is reached with BACKUP_S3_* settings (see npm run backup -- --help). pg_restore must be at least
as new as the pg_dump that wrote the backup: the newest on this machine is used, or the one in PG_BIN_DIR.
Exit codes: 0 done, 2 refused (nothing changed: the reason is printed), 1 failed.`;

function readOptions(): { from: string } {
  const { values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (!values.from) throw new OperationRefused(`--from is required\n\n${usage}`);
  return { from: values.from };
}

runOpsCommand('restore', { createDatabase: true, readOptions }, (common, { from }) => restoreShop({ ...common, from }));
