import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../../test/test-database';
import { startOtlpReceiver, type ReceivedSpan } from '../../../test/otlp-receiver';
import { spawnShop, type ShopProcess } from '../../../test/shop-process';

/**
 * Tracing as an operator turns it on (issue 28, decision 0108): the shop as a real process (OpenTelemetry must hook
 * express, graphql and pg before they load) exporting to an OTLP/HTTP receiver on loopback. The batch waits an
 * hour, so every span the receiver gets was sent by the shutdown's flush.
 */
const requestIdAttribute = 'manukato.request_id';
const probe = path.join(__dirname, '..', '..', '..', 'test', 'loaded-modules-probe.cjs');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let workDir: string;
let shop: ShopProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  receiver = await startOtlpReceiver();
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-tracing-'));
  await fs.mkdir(path.join(workDir, 'loaded'));
}, 60_000);

// A test that failed half-way leaves its shop running.
afterEach(async () => {
  if (shop && shop.child.exitCode === null && shop.child.signalCode === null) {
    shop.child.kill('SIGKILL');
    await shop.waitForExit();
  }
});

afterAll(async () => {
  await receiver?.close();
  await database?.drop();
  await fs.rm(workDir, { recursive: true, force: true });
});

/** Starts the shop on the test's database with the module probe and `otel` settings, and waits until it is ready. */
async function startShop(otel: Record<string, string>): Promise<ShopProcess> {
  shop = await spawnShop({
    DATABASE_URL: database.url,
    DATA_DIR: await fs.mkdtemp(path.join(workDir, 'data-')),
    PAYMENT_SIMULATOR: 'true',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: `--require ${probe}`,
    LOADED_MODULES_DIR: path.join(workDir, 'loaded'),
    ...otel,
  });
  await shop.waitForHealthy(150_000);
  return shop;
}

/** SIGTERM, as an orchestrator stops an instance; the clean exit is part of what is tested. */
async function stopShop(running: ShopProcess): Promise<void> {
  running.child.kill('SIGTERM');
  expect(await running.waitForExit()).toBe(0);
}

/**
 * The files of OpenTelemetry and of its module hooks the process had loaded when it exited (written by the probe),
 * but the API: prom-client requires @opentelemetry/api for exemplars whether or not anything traces, and without an
 * SDK registered it is a no-op.
 */
async function tracingFilesLoadedBy(running: ShopProcess): Promise<string[]> {
  const loaded: string[] = JSON.parse(
    await fs.readFile(path.join(workDir, 'loaded', `${running.child.pid}.json`), 'utf8'),
  );
  return loaded.filter((file) => !file.includes(`${path.sep}@opentelemetry${path.sep}api${path.sep}`));
}

const productsGet = `/graphql?query=${encodeURIComponent('{ products(limit: 3) { id name } }')}`;
const productsPost = JSON.stringify({ query: '{ products(limit: 2, offset: 4) { id name priceCents } }' });

/** Three requests, one through each path that answers GraphQL: Express and Apollo, the response cache, direct. */
async function browse(url: string) {
  const throughExpress = await fetch(`${url}${productsGet}`, {
    headers: { 'apollo-require-preflight': 'true', 'x-request-id': 'trace-test-express' },
  });
  expect(throughExpress.status).toBe(200);
  expect((await throughExpress.json()).data.products).toHaveLength(3);
  // Asked for twice, the answer is kept (decision 0071); the third time, without an id, the response cache answers
  // with an id of its making.
  await (await fetch(`${url}${productsGet}`, { headers: { 'apollo-require-preflight': 'true' } })).arrayBuffer();
  const fromCache = await fetch(`${url}${productsGet}`, { headers: { 'apollo-require-preflight': 'true' } });
  expect(fromCache.headers.get('x-cache')).toBe('HIT');
  await fromCache.arrayBuffer();
  // An anonymous POST of a public query: the direct path, which bypasses Express.
  const direct = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: productsPost,
  });
  expect(direct.status).toBe(200);
  expect((await direct.json()).data.products).toHaveLength(2);
  return {
    express: throughExpress.headers.get('x-request-id'),
    cache: fromCache.headers.get('x-request-id'),
    direct: direct.headers.get('x-request-id'),
  };
}

/** The trace whose root (the HTTP server span) carries this request id, and the root. */
function traceOf(spans: ReceivedSpan[], requestId: string | null) {
  const roots = spans.filter((span) => span.attributes[requestIdAttribute] === requestId);
  expect(roots).toHaveLength(1);
  const root = roots[0]!;
  const trace = spans.filter((span) => span.traceId === root.traceId);
  return { root, trace, scopes: new Set(trace.map((span) => span.scope)) };
}

it('sends one trace per request, Express, GraphQL and SQL under the server span with the request id, and flushes it on shutdown', async () => {
  const running = await startShop({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Nothing is sent before the shutdown: without its flush nothing would arrive at all.
    OTEL_BSP_SCHEDULE_DELAY: '3600000',
  });
  const requestIds = await browse(running.url);
  expect(requestIds.express).toBe('trace-test-express');
  expect(receiver.counts().exports).toBe(0);
  await stopShop(running);

  const spans = receiver.spans();
  expect(receiver.counts().refused).toBe(0);
  expect(spans.length).toBeGreaterThan(0);
  // Each span's parent is in its own trace: one tree per request, its root the HTTP server span.
  const spanIds = new Set(spans.map((span) => `${span.traceId}/${span.spanId}`));
  for (const span of spans) {
    if (span.parentSpanId) expect(spanIds).toContain(`${span.traceId}/${span.parentSpanId}`);
  }
  // Every request's trace has the HTTP server span as its root. Besides requests only start-up makes a trace:
  // type-graphql checks the schema it built by running an introspection query.
  const roots = spans.filter((span) => !span.parentSpanId);
  const requestRoots = roots.filter((span) => span.scope === '@opentelemetry/instrumentation-http');
  expect(requestRoots.map((span) => span.kind)).toEqual(requestRoots.map(() => 2));
  expect(requestRoots).toHaveLength(4);
  for (const span of roots.filter((root) => !requestRoots.includes(root))) {
    expect(span.scope).toBe('@opentelemetry/instrumentation-graphql');
    expect(spans.filter((other) => other.traceId === span.traceId)).toEqual([span]);
  }
  // Probes are not traced.
  expect(spans.filter((span) => String(span.attributes['url.path']).startsWith('/readyz'))).toEqual([]);

  const express = traceOf(spans, 'trace-test-express');
  expect(express.root.parentSpanId).toBe('');
  expect(express.root.attributes['url.path']).toBe('/graphql');
  expect(express.scopes).toEqual(
    new Set([
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-express',
      '@opentelemetry/instrumentation-graphql',
      '@opentelemetry/instrumentation-pg',
    ]),
  );
  const statements = express.trace.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
  expect(statements.some((span) => /select/i.test(String(span.attributes['db.query.text'])))).toBe(true);
  expect(express.trace.some((span) => span.name.includes('products'))).toBe(true);

  // The direct path and the cache answer without Express; their traces carry the ids their answers did.
  const direct = traceOf(spans, requestIds.direct);
  expect(direct.root.parentSpanId).toBe('');
  expect(direct.scopes).toEqual(
    new Set([
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-graphql',
      '@opentelemetry/instrumentation-pg',
    ]),
  );
  const cached = traceOf(spans, requestIds.cache);
  expect(cached.trace).toEqual([cached.root]);
  expect(new Set([express.root.traceId, direct.root.traceId, cached.root.traceId]).size).toBe(3);

  // Whose spans they are: the service, and this instance among several.
  expect(express.root.resource).toMatchObject({
    'service.name': 'manukato',
    'service.instance.id': expect.any(String),
    'host.name': os.hostname(),
    'process.pid': running.child.pid,
  });
  expect(await tracingFilesLoadedBy(running)).toEqual(
    expect.arrayContaining([expect.stringContaining(`${path.sep}@opentelemetry${path.sep}sdk-node${path.sep}`)]),
  );
}, 300_000);

it('without an endpoint loads neither the SDK nor an instrumentation, and sends nothing', async () => {
  const before = receiver.counts();
  const running = await startShop({
    // Empty counts as unset, as for every setting; other OTEL_* settings alone turn nothing on.
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  });
  const requestIds = await browse(running.url);
  expect(requestIds.express).toBe('trace-test-express');
  await stopShop(running);
  expect(await tracingFilesLoadedBy(running)).toEqual([]);
  expect(receiver.counts()).toEqual(before);
}, 300_000);
