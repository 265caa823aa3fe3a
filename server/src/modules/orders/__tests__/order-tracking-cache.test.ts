import { UserRole } from '../../accounts/user.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { payOnStandIn, placeOrderFor, setStock } from '../../../../test/checkout';

/**
 * Decision 0112: an anonymous tracking page's answer is kept by each instance's response cache, and dropped on every
 * instance as soon as the order moves, whichever instance (or job, or script) moved it.
 */
let shop: TestShop;
let second: TestShop;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  shop = await startTestShop();
  second = await startTestShop({ shareDatabaseOf: shop });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
  await setStock(shop, [1], 100);
});
afterAll(async () => {
  await second.close();
  await shop.close();
});

const trackingQuery =
  'query ($token: String!) { orderTracking(token: $token) { id stage stageLabel steps { id stage } } }';

/** The tracking page's data as the storefront asks for it: a GET, anonymous. */
async function tracked(on: TestShop, token: string) {
  const query = new URLSearchParams({ query: trackingQuery, variables: JSON.stringify({ token }) });
  const answer = await on.http.get(`/graphql?${query}`).set('apollo-require-preflight', 'true').expect(200);
  return answer.body.data.orderTracking as { stage: string; stageLabel: string; steps: { stage: string }[] } | null;
}

async function paidOrder(): Promise<{ id: string; token: string }> {
  const order = await placeOrderFor(shop, shopper, [[1, 1]], { payment_method: 'mpesa' });
  await payOnStandIn(shop, shopper, order.id);
  const [row] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ tracking_token: string }[]>('select tracking_token from orders where id = ?', [order.id]);
  return { id: order.id, token: row!.tracking_token };
}

/** Asks until the answer shows `stage` (the other instance hears the change within a second), at most 2 s. */
async function untilStage(on: TestShop, token: string, stage: string) {
  const deadline = Date.now() + 2_000;
  let answer = await tracked(on, token);
  while (answer?.stage !== stage && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    answer = await tracked(on, token);
  }
  return answer;
}

describe('the tracking page, kept until its order moves', () => {
  it('answers a repeated anonymous look-up from memory, and shows a step taken on another instance', async () => {
    const order = await paidOrder();
    expect((await tracked(second, order.token))?.stageLabel).toBe('Paid — being prepared');
    // The response cache keeps an answer the second time it is asked for (response-cache.ts).
    await tracked(second, order.token);
    const repeated = await second.statements.measure(() => tracked(second, order.token));
    expect(repeated.statements).toBe(0);
    expect(repeated.result?.stage).toBe('unfulfilled');

    const packed = await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({
        query: 'mutation ($orderId: ID!) { markOrderPacked(orderId: $orderId) { errors { code } } }',
        variables: { orderId: order.id },
      })
      .expect(200);
    expect(packed.body.data.markOrderPacked.errors).toEqual([]);

    const after = await untilStage(second, order.token, 'packed');
    expect(after?.stageLabel).toBe('Packed — ready to go');
    expect(after?.steps.map((step) => step.stage)).toContain('packed');
  });

  it('drops the kept answer when the order moves behind the services (a script, a job) too', async () => {
    const order = await paidOrder();
    await tracked(second, order.token);
    await tracked(second, order.token);
    expect((await second.statements.measure(() => tracked(second, order.token))).statements).toBe(0);
    await shop.orm.em.fork().getConnection().execute(`update orders set status = 'cancelled' where id = ?`, [order.id]);
    expect(await untilCancelled(order.token)).toBe('Cancelled');
  });

  it('keeps nothing for a signed-in shopper (their answers may carry their own data elsewhere)', async () => {
    const order = await paidOrder();
    const query = new URLSearchParams({ query: trackingQuery, variables: JSON.stringify({ token: order.token }) });
    const ask = () => second.http.get(`/graphql?${query}`).set(shopper.auth).set('apollo-require-preflight', 'true');
    await ask().expect(200);
    expect((await second.statements.measure(() => ask().expect(200))).statements).toBeGreaterThan(0);
  });
});

/** The stage label the other instance shows, once the cancellation has reached it. */
async function untilCancelled(token: string) {
  const deadline = Date.now() + 2_000;
  let label = (await tracked(second, token))?.stageLabel;
  while (label !== 'Cancelled' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    label = (await tracked(second, token))?.stageLabel;
  }
  return label;
}
