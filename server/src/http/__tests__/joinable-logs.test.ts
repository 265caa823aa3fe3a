import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { runInRequestScope } from '../../core/request-scope';
import { User } from '../../modules/accounts/user.entity';
import { sha256 } from '../../shared/secrets';
import { setStock } from '../../../test/checkout';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser } from '../../../test/users';

/**
 * Issue 28, logs an operator can join (decision 0107): every answer carries X-Request-Id, each database connection
 * names its instance, and a slow statement is logged with its duration and the request it ran for.
 */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const slowStatementLines = (from: number) => lines.slice(from).filter((line) => line.msg === 'slow statement');

const instanceName = `logs-test-${randomBytes(4).toString('hex')}`;
let shop: TestShop;
beforeAll(async () => {
  // Every statement counts as slow here: each is logged.
  shop = await startTestShop({
    env: { INSTANCE_NAME: instanceName, SLOW_STATEMENT_MS: '0' },
    log: pino({ level: 'warn' }, sink),
  });
});
afterAll(() => shop?.close());

describe('X-Request-Id', () => {
  it('is on an answer from the response cache, the caller’s own or a new one each time', async () => {
    const path = '/api/categories/list';
    await shop.http.get(path).expect(200);
    await shop.http.get(path).expect(200);
    const hit = await shop.http.get(path).set('x-request-id', 'cached-7f3a').expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-request-id']).toBe('cached-7f3a');
    const made = await shop.http.get(path).expect(200);
    const again = await shop.http.get(path).expect(200);
    expect([made.headers['x-cache'], again.headers['x-cache']]).toEqual(['HIT', 'HIT']);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
  });

  it('is on a direct GraphQL answer and on an Express one alike', async () => {
    const direct = await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('x-request-id', 'direct-1')
      .send({ query: '{ productsCount }' })
      .expect(200);
    expect(direct.headers['x-request-id']).toBe('direct-1');
    const express = await shop.http.get('/api/nothing').set('x-request-id', 'express-1').expect(404);
    expect(express.headers['x-request-id']).toBe('express-1');
  });
});

describe('application_name', () => {
  it('names the instance on every connection it holds: the pool, the LISTEN connection and the readiness probe', async () => {
    await shop.http.get('/readyz').expect(200);
    await shop.http.post('/graphql').set('content-type', 'application/json').send({ query: '{ productsCount }' });
    const rows = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ application_name: string }[]>(
        "select distinct application_name from pg_stat_activity where application_name like '%/' || ?",
        [instanceName],
      );
    expect(rows.map((row) => row.application_name).sort()).toEqual(
      [
        `manukato-catalogue-events/${instanceName}`,
        `manukato-readiness/${instanceName}`,
        `manukato/${instanceName}`,
      ].sort(),
    );
  });
});

describe('the slow-statement log', () => {
  it("names each statement's request, its duration and its shape, never its values", async () => {
    const user = await createSignedInUser(shop);
    await setStock(shop, [3], 10);
    const from = lines.length;
    await shop.http
      .post('/api/carts/add')
      .set(user.auth)
      .set('x-request-id', 'cart-add-1')
      .send({ product_id: 3, quantity: 1 })
      .expect(201);
    const logged = slowStatementLines(from).filter((line) => line.requestId === 'cart-add-1');
    // The session lookup and the cart's write, at least.
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const line of logged) {
      expect(line).toMatchObject({ level: 40, durationMs: expect.any(Number), sql: expect.any(String), failed: false });
    }
    // Prepared statements carry their values apart; the log has their placeholders.
    expect(JSON.stringify(logged)).not.toContain(sha256(user.token));
    // MikroORM writes values into the statement's text: the log has `?` in their place.
    const found = lines.length;
    await runInRequestScope('find-1', () => shop.orm.em.fork().findOneOrFail(User, { email: user.email }));
    const [lookup] = slowStatementLines(found);
    expect(lookup).toMatchObject({
      requestId: 'find-1',
      sql: expect.stringMatching(/^select .* where "u0"\."email" = \?/),
    });
    expect(JSON.stringify(lookup)).not.toContain(user.email);
  });

  it('logs a direct GraphQL query’s statements under its request id too', async () => {
    const from = lines.length;
    await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('x-request-id', 'direct-slow-1')
      .send({ query: '{ products(limit: 2, filter: { query: "oud" }) { id } }' })
      .expect(200);
    expect(slowStatementLines(from).some((line) => line.requestId === 'direct-slow-1')).toBe(true);
  });

  it('leaves out statements under SLOW_STATEMENT_MS, and logs one past it', async () => {
    const patient = await startTestShop({
      shareDatabaseOf: shop,
      env: { INSTANCE_NAME: `${instanceName}-b`, SLOW_STATEMENT_MS: '1000' },
      log: pino({ level: 'warn' }, sink),
    });
    try {
      const from = lines.length;
      await patient.http.get('/api/products/list').set('x-request-id', 'quick-1').expect(200);
      expect(slowStatementLines(from)).toEqual([]);
      await runInRequestScope('sleepy-1', () => patient.orm.em.fork().getConnection().execute('select pg_sleep(1.1)'));
      const [slow, ...more] = slowStatementLines(from);
      expect(more).toEqual([]);
      expect(slow).toMatchObject({ requestId: 'sleepy-1', sql: 'select pg_sleep(?)', failed: false });
      expect(slow!.durationMs).toBeGreaterThanOrEqual(1000);
    } finally {
      await patient.close();
    }
  });
});
