import { writeClientDist } from '../../../test/client-dist';
import { eventually } from '../../../test/eventually';
import { startTcpOutageProxy } from '../../../test/tcp-outage-proxy';
import { createTestDatabase, testEnvironment } from '../../../test/test-database';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../test/users';

/**
 * Issue 28: PostgreSQL out of reach (its host down: connections refused, open ones cut) answers 503 with
 * Retry-After and words for people, on REST, GraphQL (both paths) and pages; never a 500, nor errors inside a 200.
 * The shop reaches PostgreSQL through a proxy the test cuts.
 */
let shop: TestShop;
let proxy: Awaited<ReturnType<typeof startTcpOutageProxy>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
let user: TestUser;

beforeAll(async () => {
  const server = new URL(testEnvironment.adminUrl);
  proxy = await startTcpOutageProxy({ host: server.hostname, port: Number(server.port || 5432) });
  database = await createTestDatabase({ seeded: true });
  const throughProxy = new URL(database.url);
  throughProxy.host = proxy.address;
  clientDist = await writeClientDist();
  shop = await startTestShop({
    databaseUrl: throughProxy.toString(),
    // Short waits for a connection keep the refusals quick.
    env: { CLIENT_DIST: clientDist.dir, DB_ACQUIRE_TIMEOUT_MS: '1000' },
  });
  user = await createSignedInUser(shop);
  // Everything answers while PostgreSQL is there.
  await shop.http.get('/product/3').set('accept', 'text/html').expect(200);
  await proxy.cut();
});

afterAll(async () => {
  // Back, so the shop's connections close in order: its LISTEN connection found again first (pg-listen would go on
  // reconnecting after a close).
  await proxy?.restore();
  if (shop) await eventually('the LISTEN connection back', () => shop.events.listening);
  await shop?.close();
  await proxy?.close();
  await database?.drop();
  await clientDist?.remove();
});

function expectRetryable(response: { status: number; headers: Record<string, string>; text: string }): void {
  expect({ status: response.status, retryAfter: response.headers['retry-after'] }).toEqual({
    status: 503,
    retryAfter: '2',
  });
  expect(response.text).toContain('The shop is busy right now. Please try again in a moment.');
  expect(response.text).not.toMatch(/ECONNREFUSED|knex|postgres|127\.0\.0\.1|select /i);
}

describe('with PostgreSQL out of reach', () => {
  it('answers a REST call 503 with Retry-After and the envelope', async () => {
    const response = await shop.http.get(`/api/orders/user/${user.id}`).set(user.auth);
    expectRetryable(response);
    expect(response.body).toEqual({ success: false, message: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers a public GraphQL query on the direct path 503, not errors inside a 200', async () => {
    const response = await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: '{ products(limit: 3, filter: { query: "amber" }) { id } }' });
    expectRetryable(response);
    expect(response.body).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    });
  });

  it("answers a GraphQL operation on Apollo's path 503, a signed-in one and a GET alike", async () => {
    const signedIn = await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .set(user.auth)
      .send({ query: '{ me { id } }' });
    expectRetryable(signedIn);
    expect(signedIn.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'SERVICE_UNAVAILABLE' } })]);
    const get = await shop.http
      .get(`/graphql?query=${encodeURIComponent('{ deliveryLocations { id } }')}`)
      .set('apollo-require-preflight', 'true');
    expectRetryable(get);
    expect(get.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'SERVICE_UNAVAILABLE' } })]);
  });

  it('answers a page 503 with an HTML page saying so', async () => {
    // The last one's head needs no data: its first screen's query is what reaches for PostgreSQL.
    for (const path of ['/product/5', '/category/for-women', '/', '/new-arrivals']) {
      const response = await shop.http.get(path).set('accept', 'text/html');
      expectRetryable(response);
      expect({ path, type: response.headers['content-type'] }).toEqual({ path, type: 'text/html; charset=utf-8' });
      expect(response.text).toMatch(/^<!doctype html>/);
    }
  });

  it('says so on /readyz too, while /healthz stays up', async () => {
    const ready = await shop.http.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    await shop.http.get('/healthz').expect(200);
  });
});
