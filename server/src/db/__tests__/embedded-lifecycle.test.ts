import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../embedded-postgres';
import { spawnShop, type ShopProcess } from '../../../test/shop-process';

let dataDir: string;
let otherDataDir: string;
const running: ShopProcess[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-lifecycle-'));
  otherDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-lifecycle-other-'));
  await fs.chmod(dataDir, 0o755);
  await fs.chmod(otherDataDir, 0o755);
});

afterAll(async () => {
  for (const shop of running) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
  // Stop any postgres a failed test left behind, then remove the folders.
  for (const dir of [dataDir, otherDataDir]) {
    const pidFile = path.join(dir, 'db', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (isProcessAlive(pid)) process.kill(pid, 'SIGINT');
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(otherDataDir, { recursive: true, force: true });
});

function postmasterPid(): number {
  return Number(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

it('keeps data across a kill -9, refuses a second server, and shuts down cleanly', async () => {
  // 1. First start: embedded database initialised and seeded; a guest writes a review.
  const first = await spawnShop({ DATA_DIR: dataDir });
  running.push(first);
  // A first start initialises the cluster and draws the sample images: tens of seconds on a busy 2-core machine.
  await first.waitForHealthy(120_000);
  const written = await fetch(`${first.url}/api/reviews/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Akinyi', rating: 5, title: 'Still here', fullReview: 'Survives restarts.' }),
  });
  expect(written.status).toBe(201);

  // 2. A second server on the same data directory fails fast and says why.
  const sameDir = await spawnShop({ DATA_DIR: dataDir });
  running.push(sameDir);
  expect(await sameDir.waitForExit()).toBe(1);
  expect(sameDir.output()).toContain(`is in use by another Manukato server (pid ${first.child.pid})`);

  // 3. A second server on the same port fails fast and says why.
  const samePort = await spawnShop({ DATA_DIR: otherDataDir }, first.port);
  running.push(samePort);
  expect(await samePort.waitForExit()).toBe(1);
  expect(samePort.output()).toContain(`Port ${first.port} is already in use`);

  // 4. kill -9 leaves postgres orphaned.
  const orphan = postmasterPid();
  first.child.kill('SIGKILL');
  await first.waitForExit();
  expect(isProcessAlive(orphan)).toBe(true);

  // 5. The next start stops the orphan, starts afresh, and still has the review.
  const second = await spawnShop({ DATA_DIR: dataDir });
  running.push(second);
  await second.waitForHealthy(120_000);
  expect(second.output()).toContain('left running by an earlier server that was killed');
  expect(isProcessAlive(orphan)).toBe(false);
  const listed = (await (await fetch(`${second.url}/api/reviews/list`)).json()) as { data: { name: string }[] };
  expect(listed.data.map((review) => review.name)).toContain('Akinyi');
  const products = (await (await fetch(`${second.url}/api/products/list`)).json()) as { data: unknown[] };
  expect(products.data).toHaveLength(19);

  // 6. SIGTERM stops the database and releases the lock.
  const database = postmasterPid();
  second.child.kill('SIGTERM');
  expect(await second.waitForExit()).toBe(0);
  expect(isProcessAlive(database)).toBe(false);
  expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
}, 300_000);
