// `npm run test:fleet`: a rolling restart of three built shops behind a real nginx, under browse and checkout load
// (issue 23, decision 0069). nginx runs deploy/nginx/scale.conf's rules (fleet/nginx.mjs) in front of three
// instances of server/dist on one fresh PostgreSQL database, one SECRET_KEY and one uploads folder, their mail
// caught by an SMTP sink. While shoppers browse and check out through nginx, each instance in turn gets SIGTERM,
// exits, starts again and becomes ready. Then, still under that load, a connection outside the shop holds the
// row of a product the buyers buy for 75 s (fleet/row-lock.mjs, decision 0072). Passes when no shopper saw an
// error (no 5xx, no refused or reset connection, no other unexpected answer; the only exception is the shop's
// retryable 503 to a write to the locked product while it is locked, which the buyer tries again), the row-lock
// scenario's checks hold, and every order the load created is whole and consistent, one per idempotency key.
// Last (issue 28), one request with no id of its own and a sampled `traceparent` goes through nginx: the id nginx
// logged must be in the answering instance's log and on the request's trace, received by a loopback OTLP sink
// (fleet/join.mjs; the instances trace only requests that arrive sampled).
//
// Settings: FLEET_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/postgres) is the server where a fresh
// database is created and dropped again; FLEET_RESTARTS (default 1) is how many rolling restarts to run;
// FLEET_ROW_LOCK_SECONDS (default 75; 0 skips the scenario) how long the row is held. The instances get the
// caller's environment, so `DB_LOCK_TIMEOUT_MS=0 DB_STATEMENT_TIMEOUT_MS=0 npm run test:fleet` runs the shop without
// its time limits.
// Logs of the instances and nginx go to test-results/fleet/.
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSmtpSink } from '../e2e/support/smtp-sink.mjs';
import { buildIfMissing, findFreePort, startBuiltShop, stopServer } from '../tools/shop-process.mjs';
import { registerShopper, startLoad, triesOfARefusedWrite } from './load.mjs';
import { joinOneRequest, startSpanSink, tracingEnv } from './join.mjs';
import { nginxConfigFor, nginxPath, startNginx } from './nginx.mjs';
import { statusOf } from './probe.mjs';
import { hotBuyerCount, judgeRowLock, runRowLock } from './row-lock.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results', 'fleet');
const postgresUrl = process.env.FLEET_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const rollingRestarts = Number(process.env.FLEET_RESTARTS ?? 1);
const rowLockMs = Number(process.env.FLEET_ROW_LOCK_SECONDS ?? 75) * 1000;

const instanceCount = 3;
const browsers = 3;
const buyers = 3;
/** Between one shopper's rounds: a steady load that leaves the 2-core CI machine room for restarts. */
const pauseMs = 50;
const warmUpMs = 5_000;
// After an instance is ready again, the next waits out nginx's fail_timeout (scale.conf: 10 s): the refused
// connections of a restart keep that instance out of nginx's rotation until then, and restarting the next one
// sooner left none live once (CI: app-3's SIGTERM at 14.7 s, app-1 and app-2 still marked down, 155 × 502).
const nginxFailTimeoutMs = 10_000;
const settleMs = nginxFailTimeoutMs + 1_000;
/** Stock given to the products the buyers buy, so that no checkout is refused for want of it. */
const stockForTheRun = 100_000_000;
const readyTimeoutMs = 300_000;
const exitTimeoutMs = 60_000;

const log = (line) => console.log(`fleet: ${line}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function exitOf(child, timeoutMs) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`pid ${child.pid} did not exit within ${seconds(timeoutMs)}`)),
      timeoutMs,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
}

/**
 * Ready means the instance's readiness endpoint (/readyz) answers 200. Polled
 * on the instance's own port, as an orchestrator's health check would.
 */
async function waitForReady(baseUrl, child) {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the instance at ${baseUrl} exited during start (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await statusOf(`${baseUrl}/readyz`)) === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${baseUrl} was not ready within ${seconds(readyTimeoutMs)}`);
}

function createInstances({ ports, dataRoot, databaseUrl, publicUrl, smtpUrl, uploadsDir, spanSinkUrl }) {
  const secretKey = randomBytes(32).toString('hex');
  return ports.map((port, index) => {
    const name = `app-${index + 1}`;
    const instance = {
      name,
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      dataDir: path.join(dataRoot, name),
      logStream: createWriteStream(path.join(resultsDir, `${name}.log`)),
      child: undefined,
      start() {
        const { child } = startBuiltShop({
          dataDir: instance.dataDir,
          port,
          log: instance.logStream,
          databaseUrl,
          env: {
            SECRET_KEY: secretKey,
            SMTP_URL: smtpUrl,
            PUBLIC_URL: publicUrl,
            TRUST_PROXY: '1',
            UPLOADS_DIR: uploadsDir,
            LOG_LEVEL: 'info',
            ...tracingEnv(spanSinkUrl),
          },
        });
        instance.child = child;
        return waitForReady(instance.baseUrl, child);
      },
    };
    return instance;
  });
}

/** SIGTERM, the exit, a new start and readiness: one instance's part of a rolling restart. */
async function restartInstance(instance, startedAt) {
  const stopAt = Date.now();
  instance.child.kill('SIGTERM');
  const exitCode = await exitOf(instance.child, exitTimeoutMs);
  const exitedAt = Date.now();
  await instance.start();
  const readyAt = Date.now();
  const record = {
    instance: instance.name,
    sigtermAt: stopAt - startedAt,
    exitCode,
    drainMs: exitedAt - stopAt,
    startMs: readyAt - exitedAt,
  };
  log(
    `${instance.name}: SIGTERM at ${seconds(record.sigtermAt)}, exited (${exitCode}) after ${seconds(record.drainMs)}, ` +
      `ready ${seconds(record.startMs)} later`,
  );
  return record;
}

async function prepareCatalogue(databaseUrl) {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const { rows } = await database.query('select id from products order by id');
    const allIds = rows.map((row) => row.id);
    const boughtIds = allIds.slice(0, 4);
    await database.query('update products set quantity = $2 where id = any($1::int[])', [boughtIds, stockForTheRun]);
    // Written past the shop: the notice it would have sent, so each instance drops its views of these products.
    await database.query('select pg_notify($1, $2)', [
      'manukato_catalogue_changed',
      JSON.stringify({ id: `fleet-stock-${Date.now()}`, stockChangedIds: boughtIds }),
    ]);
    return { allIds, boughtIds };
  } finally {
    await database.end();
  }
}

/**
 * Every order in the database against what the buyers were told: the same orders (none created for a shopper
 * who saw an error, none missing), each holding exactly what its cart held, its sums adding up, one payment per
 * initialised order for the order's total, the stock taken once per unit, and no cart left with a line. And per
 * idempotency key (`keys`, each with its tries): at most one order, placed by the try that was answered with it
 * (an order first answered as a replay was placed by an earlier try its shopper saw fail).
 */
async function checkOrders(databaseUrl, orders, boughtIds, keys) {
  const problems = [];
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const { rows } = await database.query(`
      select o.id, o.idempotency_key, o.subtotal_cents, o.discount_cents, o.shipping_fee_cents, o.total_cents,
             coalesce((select json_agg(json_build_object('product', i.product_id, 'quantity', i.quantity,
                                                         'cents', i.unit_price_cents) order by i.id)
                       from order_items i where i.order_id = o.id), '[]') as items,
             coalesce((select json_agg(t.amount_cents) from transactions t where t.order_id = o.id), '[]') as payments
        from orders o`);
    const stored = new Map(rows.map((row) => [row.id, row]));
    const told = new Map(orders.map((order) => [order.id, order]));
    for (const id of stored.keys())
      if (!told.has(id)) problems.push(`order ${id} exists, but its shopper saw an error`);
    const ordersByKey = new Map();
    for (const row of rows)
      ordersByKey.set(row.idempotency_key, [...(ordersByKey.get(row.idempotency_key) ?? []), row.id]);
    for (const [key, ids] of ordersByKey) {
      if (key === null) problems.push(`${ids.length} orders have no idempotency key (the buyers always send one)`);
      else if (ids.length > 1) problems.push(`key ${key} has ${ids.length} orders: ${ids.join(', ')}`);
      const tries = keys.get(key)?.tries ?? [];
      const first = tries.findIndex((attempt) => attempt.orderId !== undefined);
      if (first >= 0 && tries[first].replayed) {
        const before = tries.slice(0, first).map((attempt) => attempt.status);
        problems.push(
          `order ${ids[0]} was placed by a try its shopper saw fail (answers before it: ${before.join(', ')})`,
        );
      }
    }
    for (const order of orders) {
      const row = stored.get(order.id);
      if (!row) {
        problems.push(`order ${order.id} was answered as created but is not in the database`);
        continue;
      }
      const held = row.items.flatMap((item) => Array(item.quantity).fill(item.product)).sort();
      if (JSON.stringify(held) !== JSON.stringify([...order.cart].sort())) {
        problems.push(`order ${order.id} holds ${JSON.stringify(held)}, its cart held ${JSON.stringify(order.cart)}`);
      }
      const itemsCents = row.items.reduce((sum, item) => sum + item.cents * item.quantity, 0);
      if (
        itemsCents !== row.subtotal_cents ||
        row.total_cents !== row.subtotal_cents - row.discount_cents + row.shipping_fee_cents
      ) {
        problems.push(`order ${order.id}: its sums do not add up (${JSON.stringify(row)})`);
      }
      const expectedPayments = order.initialised ? [row.total_cents] : [];
      if (JSON.stringify(row.payments) !== JSON.stringify(expectedPayments)) {
        problems.push(
          `order ${order.id}: payments ${JSON.stringify(row.payments)}, expected ${JSON.stringify(expectedPayments)}`,
        );
      }
    }
    const { rows: stock } = await database.query(
      `select p.id, p.quantity,
              coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                         where i.product_id = p.id and o.stock_released_at is null), 0)::int as held
         from products p where p.id = any($1::int[])`,
      [boughtIds],
    );
    for (const product of stock) {
      if (product.quantity + product.held !== stockForTheRun) {
        problems.push(`product ${product.id}: ${product.quantity} left and ${product.held} held of ${stockForTheRun}`);
      }
    }
    const { rows: carts } = await database.query('select count(*)::int as lines from cart_items');
    if (carts[0].lines !== 0)
      problems.push(`${carts[0].lines} cart lines are left (a step after "add to cart" failed)`);
  } finally {
    await database.end();
  }
  return problems;
}

/**
 * How often nginx tried a second instance for one request, how each instance's answers were spread, and how many
 * of each status nginx answered.
 */
function summariseAccessLog(accessLog) {
  const lines = readFileSync(accessLog, 'utf8').split('\n').filter(Boolean);
  let retried = 0;
  const byUpstream = {};
  const statuses = {};
  for (const line of lines) {
    const status = line.split(' ')[3];
    statuses[status] = (statuses[status] ?? 0) + 1;
    const upstreams = /upstream="([^"]*)"/.exec(line)?.[1] ?? '-';
    if (upstreams.includes(',')) retried += 1;
    const answered = upstreams.split(', ').at(-1);
    byUpstream[answered] = (byUpstream[answered] ?? 0) + 1;
  }
  return { requests: lines.length, retried, byUpstream, statuses };
}

async function main() {
  if (!nginxPath()) {
    console.error("fleet: nginx is not installed. Install Debian's package with `apt-get install -y nginx`.");
    process.exit(1);
  }
  buildIfMissing('fleet');
  await fs.mkdir(resultsDir, { recursive: true });
  const dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-fleet-'));
  const databaseName = `manukato_fleet_${Date.now()}_${process.pid}`;
  const serverUrl = new URL(postgresUrl);
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  log(`database ${databaseName} on ${serverUrl.host}, data under ${dataRoot}`);

  const sink = await startSmtpSink();
  const spanSink = await startSpanSink();
  const ports = [];
  for (let index = 0; index < instanceCount; index += 1) ports.push(await findFreePort());
  const listenPort = await findFreePort();
  const publicUrl = `http://127.0.0.1:${listenPort}`;
  const instances = createInstances({
    ports,
    dataRoot,
    databaseUrl,
    publicUrl,
    smtpUrl: sink.smtpUrl,
    uploadsDir: path.join(dataRoot, 'uploads'),
    spanSinkUrl: spanSink.url,
  });
  const nginxLog = createWriteStream(path.join(resultsDir, 'nginx-output.log'));
  let nginx;
  let load;
  let failed = false;
  try {
    const started = Date.now();
    // The first migrates and seeds; the others then start together.
    await instances[0].start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    log(`${instanceCount} instances ready in ${seconds(Date.now() - started)} on ports ${ports.join(', ')}`);
    const prefix = path.join(dataRoot, 'nginx');
    const config = nginxConfigFor({
      scaleConfPath: path.join(root, 'deploy', 'nginx', 'scale.conf'),
      upstreamPorts: ports,
      listenPort,
      prefix,
    });
    nginx = await startNginx({ prefix, config, listenPort, log: nginxLog });
    log(`nginx on ${publicUrl} (config from deploy/nginx/scale.conf: ${path.join(prefix, 'nginx.conf')})`);

    const { allIds, boughtIds } = await prepareCatalogue(databaseUrl);
    const shoppers = [];
    for (let index = 0; index < buyers; index += 1) {
      shoppers.push({ ...(await registerShopper(publicUrl, sink.messages, `fleet-buyer-${index + 1}`)), cart: [] });
    }
    log(`${buyers} buyers signed up; load: ${browsers} browsing and ${buyers} buying, ${pauseMs} ms between rounds`);
    const hotBuyers = [];
    for (let index = 0; rowLockMs > 0 && index < hotBuyerCount; index += 1) {
      hotBuyers.push({
        ...(await registerShopper(publicUrl, sink.messages, `fleet-hot-buyer-${index + 1}`)),
        cart: [],
      });
    }

    load = startLoad({ baseUrl: publicUrl, productIds: allIds, boughtIds, shoppers, browsers, pauseMs });
    const restarts = [];
    const loadStarted = load.tally.startedAt;
    await sleep(warmUpMs);
    for (let round = 1; round <= rollingRestarts; round += 1) {
      for (const instance of instances) {
        restarts.push(await restartInstance(instance, loadStarted));
        await sleep(settleMs);
      }
    }
    let rowLock;
    if (rowLockMs > 0) {
      const hotId = boughtIds[0];
      log(
        `row lock: ${hotBuyerCount} more buyers put product ${hotId} in their carts; its row is locked for ${seconds(rowLockMs)}`,
      );
      rowLock = {
        hotId,
        ...(await runRowLock({
          baseUrl: publicUrl,
          databaseUrl,
          instances,
          nginx,
          tally: load.tally,
          orders: load.orders,
          hotId,
          hotBuyers,
          lockMs: rowLockMs,
        })),
      };
      log(`row lock: held from ${seconds(rowLock.lockedAt)} to ${seconds(rowLock.releasedAt)} of the load`);
    }
    await sleep(warmUpMs);
    await load.stop();
    const loadMs = Date.now() - loadStarted;
    // Issue 28: one request id from nginx's log to the instance's log line and the request's trace.
    const join = await joinOneRequest({
      publicUrl,
      requestsLog: path.join(prefix, 'requests.log'),
      instanceLogs: instances.map((instance) => path.join(resultsDir, `${instance.name}.log`)),
      sink: spanSink,
    });
    await nginx.stop();
    if (Array.isArray(join)) {
      for (const problem of join) log(`  JOIN PROBLEM ${problem}`);
    } else {
      const { requestId, traceId, instanceLog, spans } = join.joined;
      log(
        `request ${requestId}: in nginx's log, in ${path.basename(instanceLog)} and trace ${traceId} (${spans.join(', ')})`,
      );
    }

    const { tally, orders } = load;
    const answered = Object.values(tally.answered).reduce((sum, count) => sum + count, 0);
    log(`load ran ${seconds(loadMs)}: ${answered} answers as expected, ${tally.errors.length} shopper-visible errors`);
    for (const [step, count] of Object.entries(tally.answered)) log(`  ${step}: ${count}`);
    const errorsByStep = {};
    for (const error of tally.errors) {
      const key = `${error.step} → ${error.status}`;
      errorsByStep[key] = (errorsByStep[key] ?? 0) + 1;
    }
    for (const [key, count] of Object.entries(errorsByStep)) log(`  ERROR ${key}: ${count}`);
    for (const error of tally.errors.slice(0, 20)) {
      log(`    at ${seconds(error.at)} ${error.step}: ${error.status} ${String(error.detail).replace(/\s+/g, ' ')}`);
    }
    const access = summariseAccessLog(nginx.accessLog);
    log(
      `nginx: ${access.requests} requests, ${access.retried} passed on to another instance; answered by ` +
        Object.entries(access.byUpstream)
          .map(([upstream, count]) => `${upstream} ${count}`)
          .join(', '),
    );
    const problems = await checkOrders(databaseUrl, orders, boughtIds, tally.keys);
    let rowLockJudged;
    if (rowLock) {
      rowLockJudged = judgeRowLock({
        tally,
        ...rowLock,
        statuses: access.statuses,
      });
      const { figures } = rowLockJudged;
      const other = figures.othersDuringLock;
      log(
        `row lock: ${other.requests} requests not writing to product ${rowLock.hotId} during the lock, ` +
          `${other.notAsExpected} answered 5xx or not at all; p50 ${other.p50Ms} ms, p99 ${other.p99Ms} ms, max ${other.maxMs} ms`,
      );
      log(
        `row lock: ${figures.lockedProductDuringLock.requests} requests writing to it, the slowest ` +
          `${figures.lockedProductDuringLock.maxMs} ms: ${JSON.stringify(figures.lockedProductDuringLock.byStatus)}`,
      );
      log(
        `row lock: ${figures.refusals} retryable 503s (slowest ${figures.refusalMaxMs} ms), ${figures.gaveUp} writes given ` +
          `up after ${triesOfARefusedWrite} tries, ${figures.placedAfterRefusal} refused checkouts placed later with the same key`,
      );
      log(
        `row lock: nginx ${figures.nginx.status502} × 502 and ${figures.nginx.status504} × 504 in the run, ` +
          `${figures.nginx.gaveUpLines} "marked down"/"no live upstreams"/"timed out" lines during the lock; ` +
          `/healthz ${figures.healthz.answered200}/${figures.healthz.probes} answered 200 (slowest ${figures.healthz.maxMs} ms), ` +
          `/readyz ${figures.readyz.answered200}/${figures.readyz.probes} (slowest ${figures.readyz.maxMs} ms)`,
      );
      for (const problem of rowLockJudged.problems) log(`  ROW LOCK PROBLEM ${problem}`);
    }
    log(
      `orders: ${orders.length} created (${orders.filter((order) => order.initialised).length} with payment initialised), ${problems.length} problems`,
    );
    for (const problem of problems.slice(0, 20)) log(`  PROBLEM ${problem}`);
    const badExits = restarts.filter((restart) => restart.exitCode !== 0);
    for (const restart of badExits) log(`  PROBLEM ${restart.instance} exited with ${restart.exitCode} on SIGTERM`);
    await fs.writeFile(
      path.join(resultsDir, 'summary.json'),
      JSON.stringify(
        {
          loadMs,
          answered: tally.answered,
          errors: tally.errors,
          restarts,
          access,
          orders: orders.length,
          problems,
          refusals: tally.refusals,
          rowLock: rowLockJudged,
        },
        null,
        2,
      ),
    );
    // Without the scenario no write may be refused at all; with it, judgeRowLock says which refusals were due.
    if (!rowLock && tally.refusals.length > 0)
      log(`  PROBLEM ${tally.refusals.length} retryable 503s without a held lock`);
    const rowLockProblems = rowLockJudged ? rowLockJudged.problems.length : tally.refusals.length;
    failed =
      tally.errors.length > 0 ||
      problems.length > 0 ||
      rowLockProblems > 0 ||
      badExits.length > 0 ||
      Array.isArray(join) ||
      orders.length === 0;
  } catch (error) {
    console.error(`fleet: ${error instanceof Error ? error.stack : String(error)}`);
    failed = true;
  } finally {
    if (load) await load.stop();
    if (nginx) await nginx.stop();
    await Promise.all(
      instances.map((instance) => instance.child && stopServer(instance.child, `fleet ${instance.name}`)),
    );
    for (const instance of instances) instance.logStream.end();
    nginxLog.end();
    if (nginx) {
      for (const file of [nginx.accessLog, nginx.errorLog]) {
        await fs.copyFile(file, path.join(resultsDir, `nginx-${path.basename(file)}`)).catch(() => {});
      }
    }
    await sink.close();
    await spanSink.close();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    await fs.rm(dataRoot, { recursive: true, force: true });
  }
  log(failed ? `FAILED (logs in ${path.relative(root, resultsDir)}/)` : 'passed');
  process.exit(failed ? 1 : 0);
}

await main();
