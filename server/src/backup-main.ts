import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { backupShop } from './ops/backup';
import { OperationRefused } from './ops/operation-refused';
import { runOpsCommand } from './ops/ops-command';

const usage = `Usage: npm run backup -- --to <folder | s3://bucket/prefix>

Writes a backup of the shop into a new folder (or bucket prefix) named manukato-backup-<time> under --to: a
pg_dump of the database (custom format, one consistent snapshot), every stored image, and manifest.json (time,
schema version, row counts, checksums), written last. The database is DATABASE_URL, else the embedded one in
DATA_DIR (default ./data), running or not; images come from S3_BUCKET or UPLOADS_DIR, as the shop keeps them.
A bucket is reached with BACKUP_S3_ENDPOINT, BACKUP_S3_REGION, BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY
and BACKUP_S3_FORCE_PATH_STYLE, each defaulting to its S3_ setting. pg_dump must be at least the server's major
version: the newest on this machine is used, or the one in PG_BIN_DIR. Exit codes: 0 done, 2 refused (nothing
written: the reason is printed), 1 failed.`;

function readOptions(): { to: string } {
  const { values } = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (!values.to) throw new OperationRefused(`--to is required\n\n${usage}`);
  return { to: values.to };
}

runOpsCommand('backup', { createDatabase: false, readOptions }, (common, { to }) => backupShop({ ...common, to }));
