// Building, starting, waiting for and stopping the built shop as a child process: shared by the browser-test
// runner and the Lighthouse script, which both run the real server on a fresh data directory.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withShopRuntime } from './shop-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDist = path.join(root, 'client', 'dist');

const readyTimeoutMs = 180_000;
const stopTimeoutMs = 30_000;

/** A port free on loopback right now (the server takes the HTTP port first, so a race fails fast). */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The newest modification time of `target` or anything under it, skipping generated and dot entries; 0 if absent. */
export function newestMtime(target) {
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
 * Runs `npm run build` when server/dist or client/dist is missing. Only a missing build triggers one (CI builds
 * just before; locally `npm run build` refreshes); an out-of-date client is only pointed out.
 */
export function buildIfMissing(label) {
  const serverBuilt = existsSync(path.join(root, 'server', 'dist', 'main.js'));
  // A client built before server-manifest.json existed (decision 0044) is no build the server can serve.
  const clientBuilt =
    existsSync(path.join(clientDist, 'index.html')) && existsSync(path.join(clientDist, 'server-manifest.json'));
  if (serverBuilt && clientBuilt) {
    const builtAt = statSync(path.join(clientDist, 'index.html')).mtimeMs;
    if (newestMtime(path.join(root, 'client', 'src')) > builtAt) {
      console.warn(`${label}: client/src is newer than client/dist; run \`npm run build\` for the current client.`);
    }
    return;
  }
  console.warn(`${label}: server/dist or client/dist is missing; running \`npm run build\`…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`\`npm run build\` failed (exit ${result.status ?? result.signal})`);
}

/**
 * Starts server/dist/main.js in production mode on 127.0.0.1:`port` with a fresh embedded database under
 * `dataDir` and the sample catalogue (never a DATABASE_URL from the caller's environment), payments through the
 * shop's stand-in, and its output appended to `log`. `databaseUrl` names a PostgreSQL server the caller made for
 * this run instead (the fleet test's instances share one). `env` adds to or overrides these settings;
 * `commandPrefix` runs node under another command (the bench's `taskset -c 0`), and `detached` gives it its own
 * process group. `paystack` ({ secretKey, baseUrl }) sends payments to a Paystack-compatible API instead of the
 * stand-in (the bench's, in a process of its own).
 */
export function startBuiltShop({
  dataDir,
  port,
  log,
  databaseUrl,
  env: extra = {},
  commandPrefix = [],
  detached = false,
  paystack,
}) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PAYMENT_SIMULATOR: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_SAMPLE_DATA: 'true',
    // Every client of these runs is 127.0.0.1, and e2e and the bench register many shoppers.
    MAIL_REQUESTS_PER_IP: '1000',
    // The bench's shoppers each pay for many orders, all from 127.0.0.1 (one start per order: that limit stays).
    PAYMENT_PROMPTS_PER_ACCOUNT: '100000',
    PAYMENT_PROMPTS_PER_IP: '100000',
    ...extra,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Payments through the stand-in (asked for by name above), never a key from the caller's environment.
  delete env.PAYSTACK_SECRET_KEY;
  delete env.PAYSTACK_BASE_URL;
  if (paystack) {
    env.PAYMENT_SIMULATOR = 'false';
    env.PAYSTACK_SECRET_KEY = paystack.secretKey;
    env.PAYSTACK_BASE_URL = paystack.baseUrl;
  }
  delete env.CLIENT_DIST;
  const [command, ...args] = [
    ...commandPrefix,
    process.execPath,
    '--enable-source-maps',
    // Extra flags for the shop's node when profiling a run, e.g. `SHOP_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/p'`.
    ...(process.env.SHOP_NODE_FLAGS ? process.env.SHOP_NODE_FLAGS.split(' ').filter(Boolean) : []),
    path.join(root, 'server', 'dist', 'main.js'),
  ];
  const child = spawn(command, args, {
    cwd: root,
    env: withShopRuntime(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return { child, baseUrl };
}

/**
 * Resolves once /readyz answers 200 (started, the database answering); throws if the server exits first or never
 * gets there.
 */
export async function waitForHealthy(baseUrl, child) {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      await response.arrayBuffer();
    } catch {
      // Not listening yet, or 503 while migrating and seeding: keep polling.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/readyz did not answer 200 within ${readyTimeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 30 s (saying so: a forced kill leaves the embedded postgres running). */
export function stopServer(child, label) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.error(`${label}: the server did not stop within 30 s of SIGTERM; sending SIGKILL.`);
      child.kill('SIGKILL');
    }, stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * After a forced kill the server could not stop its embedded postgres, which would keep running on a deleted
 * folder. Its postmaster.pid names it; SIGINT is postgres's fast shutdown.
 */
export async function stopLeftoverPostgres(dataDir, label) {
  let pid;
  try {
    pid = Number.parseInt((await fs.readFile(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8')).split('\n')[0], 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  console.error(`${label}: stopping the embedded postgres (pid ${pid}) the server left behind.`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}
