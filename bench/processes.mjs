/**
 * Child processes for the bench: CPU pinning, building and starting the shop, the bare handler,
 * and stopping them in an order that lets the embedded PostgreSQL shut down cleanly.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  findFreePort,
  newestMtime,
  startBuiltShop,
  stopLeftoverPostgres,
  stopServer as stopShop,
  waitForHealthy,
} from '../tools/shop-process.mjs';

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
 * Starts the shop against a fresh data directory (so the embedded PostgreSQL is new and seeded with the 19
 * sample products), pinned to the server CPU when pinning is on, and waits until /readyz says it has started and
 * the database answers. Its own process group: Ctrl-C reaches only the bench, which then stops the shop in order (a
 * group-wide SIGINT would also hit PostgreSQL before the shop has closed its pool).
 */
export async function startServer({ dataDir, pinned, env }, attempts = 3) {
  // Paystack's side, off the shop's core (decision 0095): what the shop does for a payment is all that counts.
  const paystackKey = `sk_test_bench_${randomBytes(12).toString('hex')}`;
  const paystackApi = await startListeningChild('paystack-api.mjs', [paystackKey], {
    pinned: false,
    what: 'the Paystack-compatible API',
  });
  try {
    return await startShopProcess({ dataDir, pinned, paystackApi, paystackKey, env }, attempts);
  } catch (error) {
    await stopListeningChild(paystackApi);
    throw error;
  }
}

async function startShopProcess({ dataDir, pinned, paystackApi, paystackKey, env }, attempts) {
  const port = await findFreePort();
  // The end of every autocannon run drops connections with requests in flight, which the shop logs as a
  // warning each; that is the bench's doing, so those lines are left out. Everything else passes.
  const log = new PassThrough();
  let portTaken = false;
  createInterface({ input: log }).on('line', (line) => {
    if (line.includes('"PortInUseError"')) portTaken = true;
    if (!line.includes('"msg":"request aborted"')) console.log(line);
  });
  const { child, baseUrl } = startBuiltShop({
    dataDir,
    port,
    log,
    commandPrefix: pinned ? ['taskset', '-c', String(serverCpu)] : [],
    detached: true,
    paystack: { secretKey: paystackKey, baseUrl: paystackApi.url },
    // Settings of a comparison (bench/metrics-overhead.mjs: metrics on or off); none otherwise.
    env,
  });
  const handle = { child, url: baseUrl, port, dataDir, paystackApi };
  try {
    await waitForHealthy(baseUrl, child);
  } catch (error) {
    // The port was free when probed, but the shop binds it seconds later (after its database starts), and an
    // outgoing connection may take it meanwhile as its local port: a run once died so. Another port then.
    await new Promise((resolve) => setTimeout(resolve, 200)); // the child's last lines, still in the pipe
    if (portTaken && attempts > 1) {
      await stopShop(handle.child, 'bench');
      await stopLeftoverPostgres(handle.dataDir, 'bench');
      return startShopProcess({ dataDir, pinned, paystackApi, paystackKey, env }, attempts - 1);
    }
    throw Object.assign(error, { handle });
  }
  return handle;
}

/**
 * SIGTERM and wait: the shop closes HTTP, Apollo, the ORM pool and then stops its PostgreSQL. Only if it
 * hangs is it killed, and then PostgreSQL is stopped directly so no orphan keeps the temp directory busy.
 */
export async function stopServer(handle) {
  if (!handle) return;
  await stopShop(handle.child, 'bench');
  await stopLeftoverPostgres(handle.dataDir, 'bench');
  await stopListeningChild(handle.paystackApi);
}

/**
 * Starts a bench script as a child with an IPC channel and resolves once it reports the port it listens on. Pinned
 * like the shop, or else on the load CPU this process is pinned to.
 */
async function startListeningChild(script, args, { pinned, what, timeoutMs = 10_000 }) {
  const { command, args: commandArgs } = nodeCommand([path.join(benchDir, script), ...args], pinned);
  // taskset execs node in place, so the IPC channel (an inherited fd) still reaches node.
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], detached: true });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited during start (code ${code})`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Starts bare-handler.mjs (pinned like the shop) and resolves with its URL once it listens. */
export function startBareHandler({ bodyFile, pinned, timeoutMs }) {
  return startListeningChild('bare-handler.mjs', [bodyFile], { pinned, what: 'the bare handler', timeoutMs });
}

/** Stops a child `startListeningChild` started: the bare handler, or the Paystack-compatible API. */
export async function stopListeningChild(handle) {
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
