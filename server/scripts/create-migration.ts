/**
 * Writes a migration for the difference between the entities and the committed migrations:
 * starts a throwaway embedded PostgreSQL, applies what exists, diffs, writes the file.
 * Then add the new class to src/db/migrations/index.ts.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { startEmbeddedDatabase } from '../src/db/embedded-postgres';
import { initOrm, migrate } from '../src/db/orm';
import { createLogger } from '../src/db/logger';

async function main(): Promise<void> {
  const log = createLogger('info', 'create-migration');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-migration-'));
  await fs.chmod(dir, 0o755);
  const database = await startEmbeddedDatabase({ databaseDir: path.join(dir, 'db'), log, persistent: false });
  const orm = await initOrm({ databaseUrl: database.url, log });
  try {
    await migrate(orm);
    const name = process.argv[2];
    const result = await orm
      .getMigrator()
      .createMigration(path.resolve(__dirname, '../src/db/migrations'), false, false, name);
    console.log(result.diff.up.length === 0 ? 'No changes: no migration written.' : `Wrote ${result.fileName}`);
  } finally {
    await orm.close();
    await database.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
