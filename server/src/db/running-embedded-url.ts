import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from './embedded-postgres';

/**
 * The embedded PostgreSQL a running shop started on this data directory: port from postmaster.pid (line 4),
 * password beside it. Undefined when no shop runs there (a command then starts the database itself).
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    const owner = Number.parseInt(readFileSync(path.join(dataDir, 'server.lock'), 'utf8'), 10);
    if (!Number.isInteger(owner) || !isProcessAlive(owner)) return undefined;
    const port = Number(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[3]);
    const password = readFileSync(path.join(dataDir, 'db.password'), 'utf8').trim();
    return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/manukato`;
  } catch {
    return undefined;
  }
}
