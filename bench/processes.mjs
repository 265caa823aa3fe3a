/**
 * Child processes for the bench: CPU pinning, building and starting the shop, the bare handler,
 * and stopping them in an order that lets the embedded PostgreSQL shut down cleanly.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repositoryRoot = path.resolve(benchDir, '..');
export const serverEntry = path.join(repositoryRoot, 'server', 'dist', 'main.js');

export const serverCpu = 0;
export const loadCpu = 1;

/**
 * Pins this process (all its threads, hence -a) to the load CPU so autocannon never competes with
 * the server for a core. Children spawned later inherit this mask, so they are pinned explicitly.
 */
export function pinSelf() {
  if (process.platform !== 'linux') return { applied: false, reason: `not Linux (${process.platform})` };
  if (os.availableParallelism() < 2) return { applied: false, reason: 'fewer than 2 CPUs available' };
  if (spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status !== 0) {
    return { applied: false, reason: 'taskset not found (util-linux)' };
  }
  // Inside a restricted cpuset CPUs 0 and 1 may not be ours to use, and `taskset -c 0` would fail.
  const current = spawnSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' }).stdout ?? '';
  const allowed = parseCpuList(current.slice(current.lastIndexOf(':') + 1));
  if (!allowed.has(serverCpu) || !allowed.has(loadCpu)) {
    return { applied: false, reason: `CPUs ${serverCpu} and ${loadCpu} are not both allowed (have ${current.trim()})` };
  }
  const result = spawnSync('taskset', ['-acp', String(loadCpu), String(process.pid)], { encoding: 'utf8' });
  if (result.status !== 0) {
    return { applied: false, reason: `taskset refused: ${(result.stderr || '').trim()}` };
  }
  return {
    applied: true,
    serverCpu,
    loadCpu,
    reason: 'server, its PostgreSQL and bare handler on CPU 0; autocannon on CPU 1',
  };
}

/** '0,2-3' → {0, 2, 3}, the format `taskset -cp` prints. */
function parseCpuList(text) {
  const cpus = new Set();
  for (const part of text.trim().split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    for (let cpu = from; cpu <= to; cpu += 1) if (Number.isInteger(cpu)) cpus.add(cpu);
  }
  return cpus;
}

/** `node args…`, prefixed with `taskset -c 0` when pinning is on. */
function nodeCommand(args, pinned) {
  return pinned
    ? { command: 'taskset', args: ['-c', String(serverCpu), process.execPath, ...args] }
    : { command: process.execPath, args };
}

/** Newest modification time under target (skipping node_modules, dist and dot entries), 0 if absent. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Builds the server when its output is missing or older than its sources (the rule `npm start`
 * uses), so repeated runs start in seconds and never measure a stale build.
 */
export function ensureServerBuilt() {
  const serverDir = path.join(repositoryRoot, 'server');
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestMtime(path.join(serverDir, 'src')),
    newestMtime(path.join(serverDir, 'tsconfig.build.json')),
  );
  if (builtAt >= sourcesAt) return false;
  console.log(`server/dist/main.js is ${builtAt ? 'older than server/src' : 'missing'}: building the server…`);
  execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (!existsSync(serverEntry)) throw new Error(`build finished but ${serverEntry} is still missing`);
  return true;
}

/** A port that was free a moment ago (the server cannot report a PORT=0 choice at LOG_LEVEL=warn). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child, timeoutMs) {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the shop against a fresh data directory (so the embedded PostgreSQL is new and seeded
 * with the 19 sample products) and waits until /healthz says the database answers.
 */
export async function startServer({ dataDir, pinned, timeoutMs = 180_000 }) {
  const port = await freePort();
  const environment = {
    ...process.env,
    NODE_ENV: 'production',
    // No Paystack here: the shop's stand-in takes payments.
    PAYMENT_SIMULATOR: 'true',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_SAMPLE_DATA: 'true',
  };
  // A developer's DATABASE_URL would point the bench at a shared database; always use the embedded one.
  delete environment.DATABASE_URL;
  const { command, args } = nodeCommand([serverEntry], pinned);
  // Own process group: Ctrl-C reaches only the bench, which then stops the shop in order
  // (a group-wide SIGINT would also hit PostgreSQL before the shop has closed its pool).
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: environment,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // The end of every autocannon run drops connections with requests in flight, which the shop logs
  // as a warning each; that is the bench's doing, so those lines are left out. Everything else passes.
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.includes('"msg":"request aborted"')) console.log(line);
  });
  const url = `http://127.0.0.1:${port}`;
  const handle = { child, url, port, dataDir };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(`the server exited during start (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return handle;
      await response.arrayBuffer();
    } catch {
      // Not listening yet, or 503 while migrating and seeding: keep polling.
    }
    await sleep(250);
  }
  throw Object.assign(new Error(`the server was not healthy within ${timeoutMs / 1000} s`), { handle });
}

/** PostgreSQL's postmaster pid, if the embedded database in dataDir is still running. */
function postmasterPid(dataDir) {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM and wait: the shop closes HTTP, Apollo, the ORM pool and then stops its PostgreSQL.
 * Only if it hangs is it killed, and then PostgreSQL is stopped directly so no orphan keeps the
 * temp directory busy.
 */
export async function stopServer(handle, { timeoutMs = 30_000 } = {}) {
  if (!handle || exited(handle.child)) return;
  handle.child.kill('SIGTERM');
  if (await waitForExit(handle.child, timeoutMs)) return;
  console.error(`the server did not stop within ${timeoutMs / 1000} s: killing it`);
  handle.child.kill('SIGKILL');
  await waitForExit(handle.child, 5000);
  const pid = postmasterPid(handle.dataDir);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
    for (let waited = 0; waited < 10_000 && alive(pid); waited += 200) await sleep(200);
  }
}

/** Starts bare-handler.mjs (pinned like the shop) and resolves with its URL once it listens. */
export async function startBareHandler({ bodyFile, pinned, timeoutMs = 10_000 }) {
  const { command, args } = nodeCommand([path.join(benchDir, 'bare-handler.mjs'), bodyFile], pinned);
  // taskset execs node in place, so the IPC channel (an inherited fd) still reaches node.
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], detached: true });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare handler did not start')), timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bare handler exited during start (code ${code})`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function stopBareHandler(handle) {
  if (!handle || exited(handle.child)) return;
  handle.child.kill('SIGTERM');
  if (!(await waitForExit(handle.child, 3000))) handle.child.kill('SIGKILL');
}

/**
 * CPU seconds (user + system) used so far by a process and all its descendants, split into the
 * root (the shop's node) and the rest (PostgreSQL). Linux only; undefined elsewhere. Cheap enough
 * to take around each scenario, and it shows whether time goes to JavaScript or to the database.
 */
export function processTreeCpu(rootPid) {
  if (process.platform !== 'linux' || !rootPid) return undefined;
  const ticksPerSecond = 100; // USER_HZ, fixed at 100 on Linux for /proc/<pid>/stat
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses; fields after the last ')' are fixed.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // utime + stime, plus cutime + cstime so backends that already exited still count.
      const own = Number(fields[11]) + Number(fields[12]);
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        own,
        withReaped: own + Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // The process ended while we were reading: ignore it.
    }
  }
  if (!stats.has(rootPid)) return undefined;
  const children = new Map();
  for (const [pid, { ppid }] of stats) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  let descendants = 0;
  const queue = [...(children.get(rootPid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.pop();
    descendants += stats.get(pid).withReaped;
    queue.push(...(children.get(pid) ?? []));
  }
  return { node: stats.get(rootPid).own / ticksPerSecond, database: descendants / ticksPerSecond };
}

/**
 * CPU seconds all processes on the machine have used so far (from /proc/stat), to tell how much
 * of a measurement window went to processes that are not part of the bench. Linux only.
 */
export function systemBusySeconds() {
  if (process.platform !== 'linux') return undefined;
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}
