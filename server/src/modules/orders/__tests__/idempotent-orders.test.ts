import { randomUUID } from 'node:crypto';
import { Order } from '../order.entity';
import { checkoutForm, fillCart, setStock, stockOf } from '../../../../test/checkout';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';

/**
 * Issue 23, item 6: a checkout whose answer was lost (a 504 from the proxy, a dropped connection) and retried
 * must not order twice. The same Idempotency-Key from the same account gives back the first order.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await setStock(shop, [2, 5, 6], 100);
});
afterAll(() => shop.close());

async function ordersOf(user: TestUser): Promise<Order[]> {
  return shop.orm.em.fork().find(Order, { user: user.id });
}

function createOrder(user: TestUser, key: string | undefined, form: Record<string, unknown> = {}) {
  const request = shop.http.post('/api/orders/create').set(user.auth);
  if (key !== undefined) request.set('idempotency-key', key);
  return request.send({ ...checkoutForm, ...form });
}

const createOrderMutation = `mutation Place($input: CreateOrderInput!, $key: String) {
  createOrder(input: $input, idempotencyKey: $key) { order { id totalCents } errors { field code message } }
}`;

const graphqlInput = {
  deliveryLocationId: 1,
  paymentMethod: 'mpesa',
  shipping: {
    name: 'Njeri Mwangi',
    email: 'njeri@example.co.ke',
    phone: '0722000111',
    address: 'Biashara Street',
    city: 'Nairobi',
    postalCode: '00100',
  },
};

interface CreateOrderAnswer {
  createOrder: { order: { id: string; totalCents: number } | null; errors: { field: string; code: string }[] };
}

function createOrderByGraphQL(user: TestUser, key: string | undefined, input: Record<string, unknown> = graphqlInput) {
  return shop.http
    .post('/graphql')
    .set(user.auth)
    .set('content-type', 'application/json')
    .send({ query: createOrderMutation, variables: { input, key } })
    .then((response) => response.body as { data?: CreateOrderAnswer; errors?: unknown[] });
}

describe('POST /api/orders/create with an Idempotency-Key', () => {
  it('answers a retry with the first order: one order, stock taken once', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[2, 3]]);
    const stock = await stockOf(shop, 2);
    const key = randomUUID();
    const first = await createOrder(user, key).expect(201);
    const retry = await createOrder(user, key).expect(201);
    expect(retry.body.data.order).toEqual(first.body.data.order);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(user)).toHaveLength(1);
    expect(await stockOf(shop, 2)).toBe(stock - 3);
  });

  it('places one order when the same checkout arrives several times at once', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [
      [5, 1],
      [6, 2],
    ]);
    const stock = [await stockOf(shop, 5), await stockOf(shop, 6)];
    const key = randomUUID();
    const answers = await Promise.all([createOrder(user, key), createOrder(user, key), createOrder(user, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => answer.body.data.order.id));
    expect(ids.size).toBe(1);
    expect((await ordersOf(user)).map((order) => order.id)).toEqual([...ids]);
    expect([await stockOf(shop, 5), await stockOf(shop, 6)]).toEqual([stock[0]! - 1, stock[1]! - 2]);
  });

  it('accepts the key as the IETF draft writes it, a quoted string', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[2, 1]]);
    const key = randomUUID();
    const first = await createOrder(user, `"${key}"`).expect(201);
    const retry = await createOrder(user, key).expect(201);
    expect(retry.body.data.order.id).toBe(first.body.data.order.id);
  });

  it('refuses the key again with another checkout (422) and changes nothing', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[2, 1]]);
    const key = randomUUID();
    await createOrder(user, key).expect(201);
    const otherAddress = await createOrder(user, key, { shipping_address: 'Tom Mboya Street' }).expect(422);
    expect(otherAddress.body).toMatchObject({
      success: false,
      errors: [{ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) }],
    });
    // The cart filled again with something else: a new checkout, which needs a new key.
    await fillCart(shop, user, [[5, 2]]);
    const stock = await stockOf(shop, 5);
    await createOrder(user, key).expect(422);
    expect(await ordersOf(user)).toHaveLength(1);
    expect(await stockOf(shop, 5)).toBe(stock);
    await createOrder(user, randomUUID()).expect(201);
    expect(await ordersOf(user)).toHaveLength(2);
  });

  it('keeps each account to its own keys', async () => {
    const [first, second] = [await createSignedInUser(shop), await createSignedInUser(shop)];
    await fillCart(shop, first, [[2, 1]]);
    await fillCart(shop, second, [[2, 1]]);
    const key = randomUUID();
    const one = await createOrder(first, key).expect(201);
    const other = await createOrder(second, key).expect(201);
    expect(other.body.data.order.id).not.toBe(one.body.data.order.id);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(129)],
    ['with spaces', 'my key 1234'],
    ['outside ASCII', 'clé-de-commande-1'],
  ])('refuses a key %s with a 400 before anything is written', async (_case, key) => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[2, 1]]);
    const response = await createOrder(user, key);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errors: [{ field: 'idempotencyKey' }] });
    expect(await ordersOf(user)).toHaveLength(0);
  });

  it('still places an order without a key, one per call', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[2, 1]]);
    await createOrder(user, undefined).expect(201);
    await createOrder(user, undefined).expect(400);
    expect(await ordersOf(user)).toHaveLength(1);
  });
});

describe('the createOrder mutation with idempotencyKey', () => {
  it('answers a retry with the first order', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[6, 1]]);
    const key = randomUUID();
    const first = await createOrderByGraphQL(user, key);
    const retry = await createOrderByGraphQL(user, key);
    expect(first.data?.createOrder.order).toEqual({ id: expect.any(String), totalCents: expect.any(Number) });
    expect(retry.data?.createOrder).toEqual(first.data?.createOrder);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('places one order for parallel calls', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[6, 2]]);
    const stock = await stockOf(shop, 6);
    const key = randomUUID();
    const answers = await Promise.all([createOrderByGraphQL(user, key), createOrderByGraphQL(user, key)]);
    const ids = answers.map((answer) => answer.data?.createOrder.order?.id);
    expect(ids[0]).toEqual(expect.any(String));
    expect(ids[1]).toBe(ids[0]);
    expect(await ordersOf(user)).toHaveLength(1);
    expect(await stockOf(shop, 6)).toBe(stock - 2);
  });

  it('takes the same payment method or the other for the same checkout, and refuses another address', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[6, 1]]);
    const key = randomUUID();
    const first = await createOrderByGraphQL(user, key);
    // M-Pesa's answer lost, the shopper picks card: the order can be paid either way, so it is the same checkout.
    const byCard = await createOrderByGraphQL(user, key, { ...graphqlInput, paymentMethod: 'card' });
    expect(byCard.data?.createOrder.order?.id).toBe(first.data?.createOrder.order?.id);
    const elsewhere = await createOrderByGraphQL(user, key, { ...graphqlInput, deliveryLocationId: 2 });
    expect(elsewhere.errors).toBeUndefined();
    expect(elsewhere.data?.createOrder).toEqual({
      order: null,
      errors: [expect.objectContaining({ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_REUSED' })],
    });
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('refuses a malformed key as a field error, writing nothing', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[6, 1]]);
    const answer = await createOrderByGraphQL(user, 'my key 1234');
    expect(answer.data?.createOrder).toEqual({
      order: null,
      errors: [expect.objectContaining({ field: 'idempotencyKey', code: 'INVALID' })],
    });
    expect(await ordersOf(user)).toHaveLength(0);
  });

  it('keeps checkout at five statements with a key', async () => {
    const user = await createSignedInUser(shop);
    await fillCart(shop, user, [[6, 1]]);
    const create = await shop.statements.measure(() => createOrder(user, randomUUID()).expect(201));
    expect(create.statements).toBe(5);
  });
});

it('has the key in a hand-written migration that matches the entity', async () => {
  const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
  expect(diff).not.toMatch(/idempotency/);
});
