import fs from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive } from './embedded-postgres';

export class DataDirectoryLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Manukato server (pid ${ownerPid}). ` +
        `Stop that server, or start this one with another DATA_DIR.`,
    );
    this.name = 'DataDirectoryLockedError';
  }
}

/**
 * One server per data directory: two postgres clusters cannot share a folder, and two servers
 * seeding one database would race. The lock holds our pid; a lock whose process is gone is stale
 * (its server was killed) and is taken over.
 */
export async function lockDataDirectory(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await fs.open(lockFile, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return async () => {
        await fs.rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(await fs.readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
        throw new DataDirectoryLockedError(dataDir, ownerPid);
      }
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
