import { findFreePort } from '../../db/embedded-postgres';
import { NotificationChannel, NotificationJob } from '../../modules/notifications/notification-job.entity';
import { maxNotificationAttempts } from '../../modules/notifications/notifications.service';
import { payOnStandIn, placeOrderFor, sendPaystackEvent, setStock } from '../../../test/checkout';
import { paystackSimulatorKey } from '../../modules/payments/paystack-stand-in/key';
import { familiesOf, parsePrometheusText, valueOf, type Sample } from '../../../test/prometheus-text';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser } from '../../../test/users';

/**
 * Issue 28's metrics (decision 0107): what a scrape says after a browse, a checkout and a payment, each family by
 * the difference the traffic made; and who may scrape.
 */
const token = 'metrics-token-of-the-test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { METRICS_TOKEN: token } });
  await setStock(shop, [3, 5], 50);
});
afterAll(() => shop?.close());

async function scrape(target: TestShop = shop): Promise<{ text: string; samples: Sample[] }> {
  const response = await target.http.get('/metrics').set('authorization', `Bearer ${token}`).expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: response.text, samples: parsePrometheusText(response.text) };
}

/** How much a counter (or gauge) moved between two scrapes. */
const moved = (before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}) =>
  valueOf(after, name, labels) - valueOf(before, name, labels);

const productsQuery = 'query ShopWindow { products(limit: 3, filter: { query: "rose" }) { id name } }';

describe('a scrape after a browse, a checkout and a payment', () => {
  let before: Sample[];
  let after: Sample[];
  let text: string;
  let unsentByChannel: Map<string, number>;
  let paidReference: string;

  beforeAll(async () => {
    // A job the worker gave up on, so the failed figure has something to show.
    const em = shop.orm.em.fork();
    em.create(NotificationJob, {
      channel: NotificationChannel.SMS,
      recipient: '+254712345678',
      body: 'given up on',
      attempts: maxNotificationAttempts,
    });
    await em.flush();
    before = (await scrape()).samples;

    // Browse: the same public list three times (kept from its second answer, served from the cache on its third),
    // two products' REST pages under one route, the same GraphQL query twice on the direct path, one mutation on
    // Apollo's.
    for (let visit = 0; visit < 3; visit += 1) await shop.http.get('/api/products/list').expect(200);
    for (let visit = 0; visit < 2; visit += 1) {
      const answer = await shop.http
        .post('/graphql')
        .set('content-type', 'application/json')
        .send({ query: productsQuery });
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
    }
    await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: 'mutation SignOut { logout { ok } }' })
      .expect(200);
    await shop.http.get('/api/nothing-here/12345').expect(404);
    const browser = await createSignedInUser(shop);
    await shop.http.post('/api/carts/add').set(browser.auth).send({ product_id: 999_999, quantity: 1 }).expect(404);

    // Checkout (add to cart, place the order) and its payment on the Paystack stand-in, whose webhook settles it.
    const shopper = await createSignedInUser(shop);
    const order = await placeOrderFor(shop, shopper, [
      [3, 1],
      [5, 2],
    ]);
    paidReference = await payOnStandIn(shop, shopper, order.id);

    // Statements that fail, as the pool's connections see them.
    await expect(shop.orm.em.fork().getConnection().execute('select 1 / 0')).rejects.toThrow();
    await expect(
      shop.orm.em.fork().transactional(async (em) => {
        await em.getConnection().execute("set local statement_timeout = '10ms'", [], 'run', em.getTransactionContext());
        await em.getConnection().execute('select pg_sleep(1)', [], 'all', em.getTransactionContext());
      }),
    ).rejects.toThrow();

    const rows = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ channel: string; count: number }[]>(
        'select channel, count(*)::int as count from notification_jobs where sent_at is null and attempts < ? group by channel',
        [maxNotificationAttempts],
      );
    unsentByChannel = new Map(rows.map((row) => [row.channel, row.count]));
    ({ text, samples: after } = await scrape());
  });

  it('declares every family of issue 28, with its type', () => {
    const families = familiesOf(text);
    expect(Object.fromEntries([...families].filter(([name]) => name.startsWith('manukato_')))).toEqual({
      manukato_http_requests_total: 'counter',
      manukato_http_request_duration_seconds: 'histogram',
      manukato_graphql_operations_total: 'counter',
      manukato_graphql_operation_duration_seconds: 'histogram',
      manukato_response_cache_lookups_total: 'counter',
      manukato_response_cache_entries: 'gauge',
      manukato_response_cache_bytes: 'gauge',
      manukato_product_view_cache_lookups_total: 'counter',
      manukato_product_view_cache_entries: 'gauge',
      manukato_product_view_cache_bytes: 'gauge',
      manukato_db_pool_connections: 'gauge',
      manukato_db_pool_waiting: 'gauge',
      manukato_db_pool_max: 'gauge',
      manukato_db_pool_acquire_failures_total: 'counter',
      manukato_db_statement_errors_total: 'counter',
      manukato_db_slow_statements_total: 'counter',
      manukato_event_lag_seconds: 'histogram',
      manukato_notification_jobs: 'gauge',
      manukato_payments_total: 'counter',
      manukato_orders_placed_total: 'counter',
    });
    // Node's own process metrics, under their usual names.
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(families.has(name)).toBe(true);
  });

  it('counts requests by route template, cached answers under their route, never a raw URL', () => {
    const list = { method: 'GET', route: '/api/products/list', status: '200' };
    expect(moved(before, after, 'manukato_http_requests_total', list)).toBe(3);
    expect(
      moved(before, after, 'manukato_http_request_duration_seconds_count', { method: 'GET', route: list.route }),
    ).toBe(3);
    const graphql = { method: 'POST', route: '/graphql', status: '200' };
    expect(moved(before, after, 'manukato_http_requests_total', graphql)).toBe(3);
    const checkout = [
      ['/api/carts/add', '201', 2],
      ['/api/orders/create', '201', 1],
      ['/api/paystack/initialize', '200', 1],
      ['/api/paystack/webhook', '200', 1],
    ] as const;
    for (const [route, status, count] of checkout)
      expect({
        route,
        count: moved(before, after, 'manukato_http_requests_total', { method: 'POST', route, status }),
      }).toEqual({
        route,
        count,
      });
    // A failure keeps its route's full template, mount included; an unknown path is "unmatched".
    const refused = { method: 'POST', route: '/api/carts/add', status: '404' };
    expect(moved(before, after, 'manukato_http_requests_total', refused)).toBe(1);
    expect(moved(before, after, 'manukato_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    const routes = new Set(
      after.filter((sample) => sample.name === 'manukato_http_requests_total').map((s) => s.labels.route),
    );
    for (const route of routes) expect(route).not.toMatch(/12345|[0-9a-f]{8}-[0-9a-f]{4}|MK-/);
  });

  it('counts GraphQL operations by name and type, on the direct path and on Apollo', () => {
    const window = { operation: 'ShopWindow', type: 'query', outcome: 'ok' };
    expect(moved(before, after, 'manukato_graphql_operations_total', window)).toBe(2);
    expect(
      moved(before, after, 'manukato_graphql_operations_total', {
        operation: 'SignOut',
        type: 'mutation',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(
      moved(before, after, 'manukato_graphql_operation_duration_seconds_count', {
        operation: 'ShopWindow',
        type: 'query',
      }),
    ).toBe(2);
  });

  it('counts the response cache and the product views', () => {
    // The list: two misses (the second answer is kept), then a hit.
    expect(moved(before, after, 'manukato_response_cache_lookups_total', { result: 'hit' })).toBe(1);
    expect(moved(before, after, 'manukato_response_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(2);
    expect(valueOf(after, 'manukato_response_cache_entries')).toBe(shop.responseCache.size);
    expect(valueOf(after, 'manukato_response_cache_bytes')).toBe(shop.responseCache.calculatedBytes);
    // The query's products: read the first time, held from the second read (and found the third).
    expect(moved(before, after, 'manukato_product_view_cache_lookups_total', { result: 'miss' })).toBeGreaterThan(0);
    expect(valueOf(after, 'manukato_product_view_cache_entries')).toBe(shop.productViews.size);
    expect(valueOf(after, 'manukato_product_view_cache_bytes')).toBe(shop.productViews.calculatedBytes);
  });

  it('shows the pool, and the statements that failed by kind', () => {
    expect(valueOf(after, 'manukato_db_pool_max')).toBe(4);
    const used = valueOf(after, 'manukato_db_pool_connections', { state: 'used' });
    const free = valueOf(after, 'manukato_db_pool_connections', { state: 'free' });
    // The scrape's own count of the notification queue holds one while it runs.
    expect(used).toBeLessThanOrEqual(1);
    expect(used + free).toBeGreaterThan(0);
    expect(used + free).toBeLessThanOrEqual(4);
    expect(valueOf(after, 'manukato_db_pool_waiting')).toBe(0);
    expect(moved(before, after, 'manukato_db_statement_errors_total', { kind: 'timeout' })).toBe(1);
    expect(moved(before, after, 'manukato_db_statement_errors_total', { kind: 'other' })).toBe(1);
    expect(moved(before, after, 'manukato_db_pool_acquire_failures_total')).toBe(0);
  });

  it('measures the lag of the catalogue changes the checkout announced (its stock)', () => {
    expect(moved(before, after, 'manukato_event_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(moved(before, after, 'manukato_event_lag_seconds_sum')).toBeGreaterThanOrEqual(0);
    // Every one lands in a bucket: the histogram's buckets hold what its count says.
    expect(moved(before, after, 'manukato_event_lag_seconds_bucket', { le: '+Inf' })).toBe(
      moved(before, after, 'manukato_event_lag_seconds_count'),
    );
  });

  it('shows the notification queue as the database holds it, and the jobs given up on', () => {
    for (const channel of ['email', 'sms', 'whatsapp']) {
      expect({ channel, waiting: valueOf(after, 'manukato_notification_jobs', { state: 'waiting', channel }) }).toEqual(
        {
          channel,
          waiting: unsentByChannel.get(channel) ?? 0,
        },
      );
    }
    // The payment's confirmation waits for the worker (not running in tests).
    expect(moved(before, after, 'manukato_notification_jobs', { state: 'waiting' })).toBeGreaterThan(0);
    expect(valueOf(after, 'manukato_notification_jobs', { state: 'failed', channel: 'sms' })).toBe(1);
  });

  it('counts the order placed and its payment, by method and outcome, once', async () => {
    expect(moved(before, after, 'manukato_orders_placed_total', { payment_method: 'mpesa' })).toBe(1);
    expect(moved(before, after, 'manukato_payments_total', { outcome: 'completed', channel: 'mpesa' })).toBe(1);
    expect(moved(before, after, 'manukato_payments_total', { outcome: 'failed' })).toBe(0);
    const [paid] = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ payment_status: string; amount_cents: number }[]>(
        'select o.payment_status, t.amount_cents from orders o join transactions t on t.order_id = o.id where t.reference = ?',
        [paidReference],
      );
    expect(paid).toMatchObject({ payment_status: 'completed' });
    // Paystack sending the same success again changes nothing, and counts nothing.
    await sendPaystackEvent(shop, paystackSimulatorKey(shop.config.secretKey!), {
      event: 'charge.success',
      data: { reference: paidReference, status: 'success', amount: paid!.amount_cents, currency: 'KES' },
    }).expect(200);
    const again = (await scrape()).samples;
    expect(moved(after, again, 'manukato_payments_total')).toBe(0);
    expect(valueOf(again, 'manukato_orders_placed_total')).toBe(valueOf(after, 'manukato_orders_placed_total'));
  });
});

describe('who may scrape', () => {
  it('refuses a scrape without the token (401, with the challenge) and with another token (403)', async () => {
    const none = await shop.http.get('/metrics').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.text).not.toContain('manukato_');
    const wrong = await shop.http.get('/metrics').set('authorization', 'Bearer metrics-token-of-another-shop');
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain('manukato_');
    const basic = await shop.http
      .get('/metrics')
      .set('authorization', `Basic ${Buffer.from(token).toString('base64')}`);
    expect(basic.status).toBe(401);
  });

  /**
   * What the public port answers for a path it does not have: the storefront's 404 page, or 503 where the client is
   * not built (CI runs these tests before the build). /metrics must answer exactly that: absent, not refused.
   */
  const unknownPathStatus = async (on: TestShop) => {
    const status = (await on.http.get('/no-such-path-anywhere')).status;
    expect([404, 503]).toContain(status);
    return status;
  };

  it('has no /metrics at all when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const plain = await startTestShop({ seed: false });
    try {
      const answer = await plain.http.get('/metrics').set('authorization', `Bearer ${token}`);
      expect(answer.status).toBe(await unknownPathStatus(plain));
      expect(answer.text).not.toContain('manukato_');
    } finally {
      await plain.close();
    }
  });

  it('serves them only on METRICS_PORT when it is set, never on the public port', async () => {
    const port = await findFreePort();
    const separate = await startTestShop({
      seed: false,
      env: { METRICS_PORT: String(port), METRICS_TOKEN: token },
      shareDatabaseOf: shop,
    });
    try {
      const publicAnswer = await separate.http.get('/metrics').set('authorization', `Bearer ${token}`);
      expect(publicAnswer.status).toBe(await unknownPathStatus(separate));
      expect(publicAnswer.text).not.toContain('manukato_');
      const url = `http://127.0.0.1:${port}`;
      // The token still binds when both are set.
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const scraped = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('manukato_http_requests_total');
      expect((await fetch(`${url}/`)).status).toBe(404);
    } finally {
      await separate.close();
    }
  });

  it('on METRICS_PORT alone, answers scrapes without a token', async () => {
    const port = await findFreePort();
    const separate = await startTestShop({ seed: false, env: { METRICS_PORT: String(port) }, shareDatabaseOf: shop });
    try {
      expect((await separate.http.get('/metrics')).status).toBe(await unknownPathStatus(separate));
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      // Its own registry: the first instance's checkout is not counted here.
      expect(valueOf(parsePrometheusText(await scraped.text()), 'manukato_orders_placed_total')).toBe(0);
    } finally {
      await separate.close();
    }
  });
});
