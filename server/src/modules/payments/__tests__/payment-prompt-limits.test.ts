import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Product } from '../../catalog/product.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { payWithMpesa, placeOrderFor, promptsOn, type MpesaPayAnswer } from '../../../../test/checkout';

// Issue 23, item 1: one free account with one unpaid order made 40 of 40 payWithMpesa calls succeed, 20 of them
// prompting a stranger's phone, and every call pushed the order's stock hold to now + 10 minutes.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await shop.orm.em.fork().nativeUpdate(Product, { id: 1 }, { quantity: 10_000 });
  await shop.catalogueChanged();
});
afterAll(() => shop.close());
// Every request comes from 127.0.0.1: each test starts with the shared limits empty.
beforeEach(() => shop.orm.em.fork().getConnection().execute('delete from rate_limits'));

async function orderOf(user: TestUser, on: TestShop = shop): Promise<string> {
  return (await placeOrderFor(on, user, [[1, 1]])).id;
}

/** The order's prompts become older than the open window, as if the shopper had waited (the checkout's 2 minutes). */
async function waitOutOpenPrompts(orderId: string, on: TestShop = shop): Promise<void> {
  await on.orm.em
    .fork()
    .getConnection()
    .execute(`update transactions set created_at = created_at - interval '3 minutes' where order_id = ?`, [orderId]);
}

async function transactionsOf(orderId: string): Promise<number> {
  const [row] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ count: string }[]>('select count(*) from transactions where order_id = ?', [orderId]);
  return Number(row!.count);
}

const tooMany = (what: string) => new RegExp(`^Too many ${what}\\. Please try again in \\d+ minutes?\\.$`);
const rateLimited = (what: string): MpesaPayAnswer => ({
  charge: null,
  errors: [{ field: '', code: 'RATE_LIMITED', message: expect.stringMatching(tooMany(what)) }],
});

let phones = 0;
/** A Kenyan mobile number no other call of this file uses. */
const freshPhone = () => `+2547${String(10_000_000 + (phones += 1)).slice(-8)}`;

/** How many minutes after the order's creation its hold ends, as PostgreSQL has it. */
async function holdMinutesAfterCreation(orderId: string): Promise<number> {
  const [row] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ minutes: string }[]>(
      'select extract(epoch from reserved_until - created_at) / 60 as minutes from orders where id = ?',
      [orderId],
    );
  return Number(row!.minutes);
}

const stranger = '0733 000 040';

it("the attacker's 40-call script: refused after the limit, the stranger's phone prompted no more than the limit, the hold capped", async () => {
  const attacker = await createSignedInUser(shop);
  const orderId = await orderOf(attacker);
  const own = freshPhone();
  const answers: MpesaPayAnswer[] = [];
  for (let call = 0; call < 40; call += 1) {
    answers.push(await payWithMpesa(shop, attacker, orderId, call % 2 === 0 ? stranger : own));
  }
  // One prompt; the next calls meet the open prompt, and once the order's 5 are counted, the limit for good.
  expect(answers[0]!.charge).not.toBeNull();
  expect(answers.slice(1, 5).map((answer) => answer.errors[0]?.code)).toEqual(Array(4).fill('PAYMENT_PENDING'));
  for (const refused of answers.slice(5)) expect(refused).toEqual(rateLimited('payment attempts for this order'));
  expect(await promptsOn(shop, stranger)).toBe(1);
  expect(await promptsOn(shop, own)).toBe(0);
  expect(await transactionsOf(orderId)).toBe(1);
  // The hold never goes past the order's creation + RESERVATION_MINUTES + 10 minutes.
  expect(await holdMinutesAfterCreation(orderId)).toBeLessThanOrEqual(shop.config.reservationMinutes + 10);
});

it('the same script waiting out each open prompt: 5 prompts for the order, then 429 on every entry, REST too', async () => {
  const attacker = await createSignedInUser(shop);
  const orderId = await orderOf(attacker);
  const own = freshPhone();
  const answers: MpesaPayAnswer[] = [];
  for (let call = 0; call < 8; call += 1) {
    answers.push(await payWithMpesa(shop, attacker, orderId, call % 2 === 0 ? own : '0733 000 041'));
    await waitOutOpenPrompts(orderId);
  }
  expect(answers.slice(0, 5).every((answer) => answer.charge !== null)).toBe(true);
  for (const refused of answers.slice(5)) expect(refused).toEqual(rateLimited('payment attempts for this order'));
  expect(await transactionsOf(orderId)).toBe(5);
  expect(await promptsOn(shop, '0733 000 041')).toBe(2);
  // The hosted page counts with the prompts: the REST start answers 429, GraphQL RATE_LIMITED.
  const rest = await shop.http
    .post('/api/paystack/initialize')
    .set(attacker.auth)
    .send({ order_id: orderId })
    .expect(429);
  expect(rest.body).toMatchObject({
    success: false,
    message: expect.stringMatching(tooMany('payment attempts for this order')),
  });
  const graphql = await shop.http
    .post('/graphql')
    .set(attacker.auth)
    .send({
      query: `mutation ($orderId: ID!) { initializePayment(orderId: $orderId, method: "card") { authorizationUrl errors { field code message } } }`,
      variables: { orderId },
    })
    .expect(200);
  expect(graphql.body.data.initializePayment).toEqual({
    authorizationUrl: null,
    errors: rateLimited('payment attempts for this order').errors,
  });
  expect(await transactionsOf(orderId)).toBe(5);
});

describe('the hold', () => {
  /** An order placed `minutes` ago whose hold ends in `left` minutes (kept alive by earlier prompts). */
  async function orderPlacedAgo(user: TestUser, minutes: number, left: number): Promise<string> {
    const orderId = await orderOf(user);
    await shop.orm.em
      .fork()
      .getConnection()
      .execute(
        `update orders set created_at = now() - make_interval(mins => ?), reserved_until = now() + make_interval(mins => ?)
          where id = ?`,
        [minutes, left, orderId],
      );
    return orderId;
  }

  it("is never stretched past the order's creation + RESERVATION_MINUTES + 10 minutes", async () => {
    const user = await createSignedInUser(shop);
    const orderId = await orderPlacedAgo(user, 38, 1);
    expect((await payWithMpesa(shop, user, orderId, freshPhone())).charge).not.toBeNull();
    // Not now + 10 minutes (48 after creation): the cap, 40.
    expect(await holdMinutesAfterCreation(orderId)).toBeCloseTo(shop.config.reservationMinutes + 10, 6);
    await waitOutOpenPrompts(orderId);
    expect((await payWithMpesa(shop, user, orderId, freshPhone())).charge).not.toBeNull();
    expect(await holdMinutesAfterCreation(orderId)).toBeCloseTo(shop.config.reservationMinutes + 10, 6);
  });

  it('is not stretched at all for an order older than the cap, and never shortened', async () => {
    const user = await createSignedInUser(shop);
    const orderId = await orderPlacedAgo(user, 120, 1);
    expect((await payWithMpesa(shop, user, orderId, freshPhone())).charge).not.toBeNull();
    expect(await holdMinutesAfterCreation(orderId)).toBeCloseTo(121, 1);
  });

  it('still covers the wait on the phone for a young order (its own hold, or ten minutes)', async () => {
    const user = await createSignedInUser(shop);
    const young = await orderPlacedAgo(user, 25, 5);
    expect((await payWithMpesa(shop, user, young, freshPhone())).charge).not.toBeNull();
    // now + 10 minutes: 35 after creation, within the cap.
    expect(await holdMinutesAfterCreation(young)).toBeCloseTo(35, 1);
  });
});

describe('one open prompt per order', () => {
  it('refuses a second prompt while the first is young, with a typed error; allows it once the checkout gave up waiting', async () => {
    const user = await createSignedInUser(shop);
    const orderId = await orderOf(user);
    const phone = freshPhone();
    expect((await payWithMpesa(shop, user, orderId, phone)).charge).not.toBeNull();
    expect(await payWithMpesa(shop, user, orderId, freshPhone())).toEqual({
      charge: null,
      errors: [
        {
          field: 'orderId',
          code: 'PAYMENT_PENDING',
          message:
            'A payment prompt for this order is already waiting on a phone. Approve it there, or try again in 2 minutes.',
        },
      ],
    });
    expect(await transactionsOf(orderId)).toBe(1);
    // The checkout offers "Try again" after 2 minutes without an answer: that prompt is allowed.
    await waitOutOpenPrompts(orderId);
    expect((await payWithMpesa(shop, user, orderId, phone)).charge).not.toBeNull();
    expect(await promptsOn(shop, phone)).toBe(2);
  });

  it('lets exactly one of simultaneous calls for an order prompt a phone', async () => {
    const user = await createSignedInUser(shop);
    const orderId = await orderOf(user);
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => payWithMpesa(shop, user, orderId, phone)));
    expect(answers.filter((answer) => answer.charge !== null)).toHaveLength(1);
    expect(answers.flatMap((answer) => answer.errors.map((error) => error.code)).sort()).toEqual(
      Array(4).fill('PAYMENT_PENDING'),
    );
    expect(await promptsOn(shop, phone)).toBe(1);
    expect(await transactionsOf(orderId)).toBe(1);
  });

  it('lets one prompt when the callers fill the pool waiting on the order: the winner asks no second connection under the lock', async () => {
    // CI's run on a PostgreSQL server: the callers waiting on the order's row held every connection of the pool, the
    // winner wanted one more to count the number, and the waiters' lock_timeout answered them 503.
    const user = await createSignedInUser(shop);
    const orderId = await orderOf(user);
    const phone = freshPhone();
    const holder = new Client({ connectionString: shop.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from orders where id = $1 for update', [orderId]);
      const calls = Array.from({ length: 5 }, () => payWithMpesa(shop, user, orderId, phone));
      // Every connection of the pool is taken (callers waiting on the row, the shop's listener) and a call waits for one.
      const pool = shop.orm.em.getKnex().client.pool as { numFree(): number; numPendingAcquires(): number };
      for (let waiting = 0; waiting === 0 || pool.numFree() > 0 || pool.numPendingAcquires() === 0;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const { rows } = await holder.query<{ count: string }>(
          `select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        waiting = Number(rows[0]!.count);
      }
      await holder.query('commit');
      const answers = await Promise.all(calls);
      expect(answers.filter((answer) => answer.charge !== null)).toHaveLength(1);
      expect(answers.flatMap((answer) => answer.errors.map((error) => error.code))).toEqual(
        Array(4).fill('PAYMENT_PENDING'),
      );
    } finally {
      await holder.end();
    }
    expect(await promptsOn(shop, phone)).toBe(1);
  });

  it('is not open once Paystack said it failed: after a decline, Try again prompts at once (a new order from the cart)', async () => {
    const user = await createSignedInUser(shop);
    const first = await orderOf(user);
    const phone = freshPhone();
    const reference = (await payWithMpesa(shop, user, first, phone)).charge!.id;
    await shop.http
      .post(`/paystack-simulator/phone/${encodeURIComponent(reference)}`)
      .type('form')
      .send({ number: phone, outcome: 'failed' })
      .expect(303);
    // The checkout's poll: the server asks Paystack once the charge is a few seconds old, and learns the decline.
    await shop.orm.em
      .fork()
      .getConnection()
      .execute(`update transactions set created_at = now() - interval '6 seconds' where reference = ?`, [reference]);
    const polled = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({ query: 'query ($id: ID!) { orderPayment(orderId: $id) { status } }', variables: { id: first } });
    expect(polled.body.data.orderPayment.status).toBe('failed');
    const second = (await placeOrderFor(shop, user, [])).id;
    expect((await payWithMpesa(shop, user, second, phone)).charge).not.toBeNull();
  });

  it('a prompt Paystack would not start is not open: the shopper may try again at once', async () => {
    const user = await createSignedInUser(shop);
    const orderId = await orderOf(user);
    const phone = freshPhone();
    const reference = (await payWithMpesa(shop, user, orderId, phone)).charge!.id;
    await shop.orm.em
      .fork()
      .getConnection()
      .execute(`update transactions set status = 'failed' where reference = ?`, [reference]);
    expect((await payWithMpesa(shop, user, orderId, phone)).charge).not.toBeNull();
  });

  it('does not stop "Pay with card instead": the card page prompts no phone', async () => {
    const user = await createSignedInUser(shop);
    const orderId = await orderOf(user);
    expect((await payWithMpesa(shop, user, orderId, freshPhone())).charge).not.toBeNull();
    await shop.http
      .post('/api/paystack/initialize')
      .set(user.auth)
      .send({ order_id: orderId, method: 'card' })
      .expect(200);
  });
});

describe('the limits beyond one order', () => {
  it("prompts one number at most 5 times an hour, whoever asks: the 6th account's call is refused", async () => {
    const answers: MpesaPayAnswer[] = [];
    for (let account = 0; account < 7; account += 1) {
      const user = await createSignedInUser(shop);
      answers.push(await payWithMpesa(shop, user, await orderOf(user), '0733 000 042'));
    }
    expect(answers.slice(0, 5).every((answer) => answer.charge !== null)).toBe(true);
    for (const refused of answers.slice(5)) expect(refused).toEqual(rateLimited('M-Pesa prompts to this number'));
    expect(await promptsOn(shop, '0733 000 042')).toBe(5);
    // Another number still works for the refused shopper's order.
    const user = await createSignedInUser(shop);
    expect((await payWithMpesa(shop, user, await orderOf(user), freshPhone())).charge).not.toBeNull();
  });

  it("does not count calls for made-up or unpayable orders against a stranger's number", async () => {
    const victim = freshPhone();
    const attacker = await createSignedInUser(shop);
    // Nine made-up orders (the account's own limit is 10): each is NOT_FOUND and prompts nobody.
    for (let call = 0; call < 9; call += 1) {
      const answer = await payWithMpesa(shop, attacker, randomUUID(), victim);
      expect(answer.charge).toBeNull();
      expect(answer.errors.map((error) => error.code)).toEqual(['NOT_FOUND']);
    }
    // The number's owner still gets their own prompt.
    const owner = await createSignedInUser(shop);
    expect((await payWithMpesa(shop, owner, await orderOf(owner), victim)).charge).not.toBeNull();
    expect(await promptsOn(shop, victim)).toBe(1);
  });

  it('lets one account start 10 payments an hour, whatever the orders and numbers', async () => {
    const user = await createSignedInUser(shop);
    const answers: MpesaPayAnswer[] = [];
    for (let call = 0; call < 11; call += 1)
      answers.push(await payWithMpesa(shop, user, await orderOf(user), freshPhone()));
    expect(answers.slice(0, 10).every((answer) => answer.charge !== null)).toBe(true);
    expect(answers[10]).toEqual(rateLimited('payment attempts'));
    const orderId = await orderOf(user);
    const refused = await shop.http
      .post('/api/paystack/initialize')
      .set(user.auth)
      .send({ order_id: orderId })
      .expect(429);
    expect(refused.body.message).toMatch(tooMany('payment attempts'));
    expect(await transactionsOf(orderId)).toBe(0);
  });

  it('lets one client address start 20 payments an hour, whatever the accounts', async () => {
    const answers: MpesaPayAnswer[] = [];
    for (let call = 0; call < 22; call += 1) {
      const user = await createSignedInUser(shop);
      answers.push(await payWithMpesa(shop, user, await orderOf(user), freshPhone()));
    }
    expect(answers.slice(0, 20).every((answer) => answer.charge !== null)).toBe(true);
    for (const refused of answers.slice(20)) expect(refused).toEqual(rateLimited('payment attempts from this address'));
  });
});

describe('two instances on one database', () => {
  let a: TestShop;
  let b: TestShop;
  beforeAll(async () => {
    // The setting is read: 3 prompts per order here.
    const env = { PAYMENT_PROMPTS_PER_ORDER: '3' };
    a = await startTestShop({ env });
    b = await startTestShop({ env, shareDatabaseOf: a });
    await a.orm.em.fork().nativeUpdate(Product, { id: 1 }, { quantity: 100 });
    await a.catalogueChanged();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("count one order's prompts together, wherever each call lands", async () => {
    const user = await createSignedInUser(a);
    const orderId = await orderOf(user, a);
    const answers: MpesaPayAnswer[] = [];
    for (let call = 0; call < 6; call += 1) {
      answers.push(await payWithMpesa(call % 2 === 0 ? a : b, user, orderId, '0733 000 043'));
      await waitOutOpenPrompts(orderId, a);
    }
    // Per process, each instance would have let 3 through: 6 prompts.
    expect(answers.map((answer) => (answer.charge ? 'prompt' : answer.errors[0]!.code))).toEqual([
      ...Array(3).fill('prompt'),
      ...Array(3).fill('RATE_LIMITED'),
    ]);
    expect(await promptsOn(b, '0733 000 043')).toBe(3);
  });
});
