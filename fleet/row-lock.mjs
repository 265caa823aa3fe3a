// The fleet test's row-lock scenario (issue 23 item 6, decisions 0067, 0068 and 0072): while shoppers browse and
// buy through nginx, a connection outside the shop holds `select … for update` on the row of a product the
// buyers buy, for 75 s. Extra buyers whose carts already hold that product check out meanwhile. The scenario
// passes when requests that do not write to that product answer as usual and in time, the ones that do are
// refused fast with the shop's retryable 503 and tried again with the same idempotency key, nginx answers no
// 502/504 and marks no instance down, /healthz of every instance answers throughout, and no order exists that
// its shopper was told had failed.
import { readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { fillCart, startLoad } from './load.mjs';
import { statusOf } from './probe.mjs';

/** Buyers whose carts hold the locked product when the lock is taken: they check out during it. */
export const hotBuyerCount = 6;
/**
 * A write to the locked product must be answered within this: the statement limit (5 s) and a second. The lock
 * limit (2 s) holds for each lock a statement waits for, and a row lock queued behind other waiters is two (the
 * row's place in the queue, then the holder's transaction), so a refusal may take 4 s (decision 0072).
 */
const lockedProductWithinMs = 6_000;
/** Any other request under way during the lock must be answered within this: sooner than one lock wait ends. */
const othersWithinMs = 2_000;
/** After the lock is let go, the hot buyers go on until each has had a round to place the order it could not. */
const afterLockMs = 10_000;
const healthEveryMs = 1_000;
/** What nginx's error log says when it gives up on an upstream, or when it has none left. */
const nginxGaveUp = /upstream server temporarily disabled|no live upstreams|upstream timed out/;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `begin; select … for update` on the product's row, on a connection of its own (none of the shop's limits, and
 * no idle-in-transaction limit of the server's either), until `release()` rolls it back.
 */
async function holdRowLock(databaseUrl, productId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('set idle_in_transaction_session_timeout = 0');
  await client.query('begin');
  await client.query('select id, quantity from products where id = $1 for update', [productId]);
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Asks every instance's /healthz and /readyz directly once a second until `stop()`: every answer (or none). */
function watchHealth(instances, startedAt) {
  const records = [];
  let stopping = false;
  const probe = async (instance, route) => {
    const sentAt = Date.now();
    let status;
    try {
      status = await statusOf(`${instance.baseUrl}${route}`, 2_000);
    } catch (error) {
      status = `no answer (${error.message})`;
    }
    records.push({ instance: instance.name, route, at: sentAt - startedAt, ms: Date.now() - sentAt, status });
  };
  const loop = (async () => {
    while (!stopping) {
      const round = sleep(healthEveryMs);
      await Promise.all(instances.flatMap((instance) => [probe(instance, '/healthz'), probe(instance, '/readyz')]));
      await round;
    }
  })();
  return {
    async stop() {
      stopping = true;
      await loop;
      return records;
    },
  };
}

/**
 * Runs the scenario inside a running load: `hotBuyers` (signed up, `cart: []`) put `hotId` in their carts, the
 * row is locked for `lockMs` while they check out beside the load, then let go. Answers the lock's window
 * (relative to the tally's start), the health probes' answers and the bytes nginx wrote to its error log meanwhile.
 */
export async function runRowLock({ baseUrl, databaseUrl, instances, nginx, tally, orders, hotId, hotBuyers, lockMs }) {
  for (const shopper of hotBuyers) {
    if (!(await fillCart(tally, baseUrl, shopper, hotId))) throw new Error(`${shopper.email} could not fill a cart`);
  }
  const errorLogFrom = statSync(nginx.errorLog).size;
  const health = watchHealth(instances, tally.startedAt);
  const lock = await holdRowLock(databaseUrl, hotId);
  const lockedAt = Date.now() - tally.startedAt;
  const hotLoad = startLoad({
    baseUrl,
    productIds: [hotId],
    boughtIds: [hotId],
    shoppers: hotBuyers,
    browsers: 0,
    pauseMs: 50,
    tally,
    orders,
  });
  await sleep(lockMs);
  await lock.release();
  const releasedAt = Date.now() - tally.startedAt;
  await sleep(afterLockMs);
  await hotLoad.stop();
  const healthRecords = await health.stop();
  const nginxErrors = readFileSync(nginx.errorLog).subarray(errorLogFrom).toString('utf8');
  return { lockedAt, releasedAt, health: healthRecords, nginxErrors };
}

const percentile = (values, fraction) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
};

/**
 * Judges the scenario from the tally (every request, refusal and key), the lock's window, the health probes,
 * nginx's error log during the lock and its access log's statuses for the whole run. Answers the problems found
 * and the figures to print.
 */
export function judgeRowLock({ tally, hotId, lockedAt, releasedAt, health, nginxErrors, statuses }) {
  const problems = [];
  const during = (request) => request.at < releasedAt && request.at + request.ms > lockedAt;
  const touches = (request) => request.products.includes(hotId);
  const inLock = tally.requests.filter(during);
  const others = inLock.filter((request) => !touches(request));
  const hot = inLock.filter(touches);

  for (const refusal of tally.refusals) {
    const where = `${refusal.step} at ${seconds(refusal.at)} (products ${refusal.products.join(', ')})`;
    if (!touches(refusal)) problems.push(`${where} was refused with a 503 but does not write to the locked product`);
    else if (!during(refusal)) problems.push(`${where} was refused with a 503 outside the lock`);
  }
  const stalled = inLock.filter((request) => request.ms > (touches(request) ? lockedProductWithinMs : othersWithinMs));
  for (const request of stalled.slice(0, 10)) {
    problems.push(
      `${request.step} at ${seconds(request.at)} took ${seconds(request.ms)} (answer ${request.status}` +
        `${touches(request) ? ', writes to the locked product' : ''})`,
    );
  }
  if (stalled.length > 10) problems.push(`… and ${stalled.length - 10} more requests that took too long`);
  const refusedSteps = new Set(tally.refusals.filter(during).map((refusal) => refusal.step));
  for (const step of ['add to cart', 'create order']) {
    if (!refusedSteps.has(step)) problems.push(`no "${step}" of the locked product was refused during the lock`);
  }
  // A checkout refused during the lock and placed afterwards with the same key: the retries worked.
  const placedAfterRefusal = [...tally.keys.values()].filter(
    ({ tries }) => tries.some((attempt) => attempt.status === 503) && tries.at(-1)?.status === 201,
  ).length;
  if (placedAfterRefusal === 0) problems.push('no checkout refused during the lock was placed after it');

  for (const status of [502, 504]) {
    if (statuses[status]) problems.push(`nginx answered ${statuses[status]} × ${status}`);
  }
  const gaveUpLines = nginxErrors.split('\n').filter((line) => nginxGaveUp.test(line));
  if (gaveUpLines.length > 0) {
    problems.push(
      `nginx's error log during the lock: ${gaveUpLines.length} lines like "${gaveUpLines[0].slice(0, 240)}"`,
    );
  }
  const healthz = health.filter((record) => record.route === '/healthz');
  const silent = healthz.filter((record) => record.status !== 200);
  for (const record of silent.slice(0, 5)) {
    problems.push(
      `/healthz of ${record.instance} at ${seconds(record.at)}: ${record.status} after ${seconds(record.ms)}`,
    );
  }
  if (silent.length > 5) problems.push(`… and ${silent.length - 5} more /healthz probes unanswered`);
  const probedInstances = new Set(healthz.map((record) => record.instance));
  if (probedInstances.size === 0) problems.push('/healthz was never asked during the lock');

  const readyz = health.filter((record) => record.route === '/readyz');
  const figures = {
    lock: { from: lockedAt, to: releasedAt },
    othersDuringLock: {
      requests: others.length,
      notAsExpected: others.filter((request) => typeof request.status !== 'number' || request.status >= 500).length,
      p50Ms: percentile(
        others.map((request) => request.ms),
        0.5,
      ),
      p99Ms: percentile(
        others.map((request) => request.ms),
        0.99,
      ),
      maxMs: Math.max(0, ...others.map((request) => request.ms)),
    },
    lockedProductDuringLock: {
      requests: hot.length,
      byStatus: countBy(hot, (request) => `${request.step} → ${request.status}`),
      maxMs: Math.max(0, ...hot.map((request) => request.ms)),
    },
    refusals: tally.refusals.length,
    refusalMaxMs: Math.max(0, ...tally.refusals.map((refusal) => refusal.ms)),
    gaveUp: tally.gaveUp.length,
    placedAfterRefusal,
    nginx: { status502: statuses[502] ?? 0, status504: statuses[504] ?? 0, gaveUpLines: gaveUpLines.length },
    healthz: { probes: healthz.length, answered200: healthz.length - silent.length, maxMs: maxOf(healthz) },
    readyz: { probes: readyz.length, answered200: readyz.filter((r) => r.status === 200).length, maxMs: maxOf(readyz) },
  };
  return { problems, figures };
}

function countBy(items, keyOf) {
  const counts = {};
  for (const item of items) counts[keyOf(item)] = (counts[keyOf(item)] ?? 0) + 1;
  return counts;
}

const maxOf = (records) => Math.max(0, ...records.map((record) => record.ms));
