import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnShop, type ShopProcess } from '../../test/shop-process';

/**
 * The shop as a real process, as a load balancer and an attacker meet it (issue 23, decision 0069): it refuses
 * connections until it can answer, closes connections that send nothing within HTTP_HEADERS_TIMEOUT_SECONDS, and
 * on SIGTERM stops taking connections while the ones it has are let go without a request being cut.
 */
let dataDir: string;
let shop: ShopProcess;
/** What each poll of /healthz met while the shop started: a refused connection, or an answer's status. */
const duringStart: (number | string)[] = [];

/** GET on a connection of its own, closed after the answer. */
function statusOf(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 'no status'));
    });
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const openFiles = () => readdirSync(`/proc/${shop.child.pid}/fd`).length;

async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 110_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${shop.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A raw connection that keeps what it receives and says when the shop closed it. */
function rawConnection(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((resolveClosed) => socket.once('close', () => resolveClosed()));
    socket.on('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
  });
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-joining-'));
  await fs.chmod(dataDir, 0o755);
  shop = await spawnShop({
    DATA_DIR: dataDir,
    SEED_SAMPLE_DATA: 'false',
    // Long enough that 300 connections are all open before the first is closed, on a loaded 2-core machine.
    HTTP_HEADERS_TIMEOUT_SECONDS: '5',
    SHUTDOWN_DRAIN_SECONDS: '10',
  });
  // A first start initialises the embedded database: tens of seconds on a busy 2-core machine.
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline && shop.child.exitCode === null) {
    const outcome = await statusOf(`${shop.url}/healthz`);
    duringStart.push(outcome);
    if (outcome === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}, 180_000);

afterAll(async () => {
  if (shop.child.exitCode === null) {
    shop.child.kill('SIGKILL');
    await shop.waitForExit().catch(() => undefined);
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('refuses connections while it starts, and answers its first request as a ready shop', () => {
  expect(duringStart.at(-1)).toBe(200);
  // Never an answer before it is ready (a "503 Starting up" is one a load balancer does not repeat for a POST).
  expect(new Set(duringStart)).toEqual(new Set(duringStart.length > 1 ? ['ECONNREFUSED', 200] : [200]));
});

it('closes connections that send nothing after HTTP_HEADERS_TIMEOUT_SECONDS, and its open files come back', async () => {
  const before = openFiles();
  // Sampled from before the first connect until the last is closed: the peak is seen however briefly it lasts.
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, openFiles())), 10);
  const idle = await Promise.all(Array.from({ length: 300 }, () => rawConnection(shop.port)));
  // Closed by the shop, each told why.
  await Promise.all(idle.map((connection) => connection.closed));
  clearInterval(sampler);
  // The shop held all 300 at once.
  expect(peak).toBeGreaterThanOrEqual(before + 300);
  for (const connection of idle) expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(await until('the open files come back', () => openFiles() <= before + 5)).toBe(true);
});

it('on SIGTERM refuses new connections, answers kept-alive ones with Connection: close, and exits', async () => {
  const request = (target: string) => `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`;
  const kept = await rawConnection(shop.port);
  const prober = await rawConnection(shop.port);
  kept.socket.write(request('/healthz'));
  prober.socket.write(request('/healthz'));
  await until('both answered', () => kept.received().includes('"ok"') && prober.received().includes('"ok"'));
  expect(kept.received()).toMatch(/\r\nconnection: keep-alive\r\n/i);

  shop.child.kill('SIGTERM');
  expect(
    await until('new connections refused', async () => (await statusOf(`${shop.url}/healthz`)) === 'ECONNREFUSED'),
  ).toBe(true);
  // The kept-alive connections were not closed under their clients: a request on one is answered, told to close.
  const answeredBefore = kept.received().length;
  kept.socket.write(request('/healthz'));
  await kept.closed;
  const answer = kept.received().slice(answeredBefore);
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  // A readiness probe hears that the instance is going.
  const probedBefore = prober.received().length;
  prober.socket.write(request('/readyz'));
  await prober.closed;
  const readiness = prober.received().slice(probedBefore);
  expect(readiness).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
  expect(JSON.parse(readiness.slice(readiness.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 'draining' });
  expect(await shop.waitForExit()).toBe(0);
});
