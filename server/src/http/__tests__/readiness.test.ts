import { Readiness } from '../readiness';
import { startTestShop, type TestShop } from '../../../test/test-shop';

/** GET /readyz (decision 0067): whether a load balancer should send this instance requests. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

it('says ready once started, with the database answering, and liveness shows what it heard', async () => {
  const ready = await shop.http.get('/readyz').expect(200);
  expect(ready.body).toEqual({ status: 'ready', database: 'ok' });
  expect(ready.headers['cache-control']).toBe('no-store');
  const live = await shop.http.get('/healthz').expect(200);
  expect(live.body).toEqual({ status: 'ok', database: 'ok' });
});

it('says not ready before start-up has finished', async () => {
  const readiness = new Readiness(shop.config.databaseUrl!);
  try {
    expect(await readiness.check()).toEqual({ ready: false, status: 'starting', database: 'ok' });
    readiness.markStarted();
    expect(await readiness.check()).toMatchObject({ ready: true, status: 'ready' });
  } finally {
    await readiness.close();
  }
});

it('says not ready when PostgreSQL does not answer', async () => {
  const readiness = new Readiness('postgres://postgres@127.0.0.1:1/none', { checkTimeoutMs: 500 });
  try {
    readiness.markStarted();
    expect(await readiness.check()).toEqual({ ready: false, status: 'unavailable', database: 'unreachable' });
    expect(readiness.lastDatabaseState).toBe('unreachable');
  } finally {
    await readiness.close();
  }
});

it('says draining once the instance stops taking requests, while liveness still answers', async () => {
  shop.readiness.markDraining();
  const draining = await shop.http.get('/readyz').expect(503);
  expect(draining.body).toEqual({ status: 'draining', database: 'ok' });
  expect(Number(draining.headers['retry-after'])).toBeGreaterThan(0);
  await shop.http.get('/healthz').expect(200);
});
