import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { placeOrderFor, setStock } from '../../../../test/checkout';

// Issue 26: every checkout (M-Pesa, card, pay on delivery) ends on the same facts of the order, read by `myOrder`.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await setStock(shop, [1], 100);
});
afterAll(() => shop.close());

const query = `query ($id: ID!) {
  myOrder(id: $id) {
    id paymentMethod paymentState totalCents deliveryLocation { id name deliveryTime } items { id name quantity }
  }
}`;

async function myOrder(user: TestUser, id: string) {
  const answer = await shop.http.post('/graphql').set(user.auth).send({ query, variables: { id } }).expect(200);
  return answer.body as {
    data: { myOrder: Record<string, unknown> } | null;
    errors?: { message: string; extensions: { code: string } }[];
  };
}

it("answers the caller's own order with its items, delivery estimate and payment state", async () => {
  const shopper = await createSignedInUser(shop);
  const order = await placeOrderFor(shop, shopper, [[1, 2]], { payment_method: 'on_delivery' });
  const { data } = await myOrder(shopper, order.id);
  expect(data!.myOrder).toMatchObject({
    id: order.id,
    paymentMethod: 'on_delivery',
    paymentState: 'to_collect',
    totalCents: Math.round(order.total_amount * 100),
    deliveryLocation: { id: 1, name: 'CBD collection point at a mall', deliveryTime: '1-3 business days' },
    items: [{ quantity: 2 }],
  });
});

it("is 'not found' for another account's order, an unknown id and a malformed one, and needs a signed-in caller", async () => {
  const owner = await createSignedInUser(shop);
  const stranger = await createSignedInUser(shop);
  const order = await placeOrderFor(shop, owner, [[1, 1]]);
  for (const id of [order.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
    const answer = await myOrder(stranger, id);
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]).toMatchObject({ message: 'Order not found', extensions: { code: 'NOT_FOUND' } });
  }
  const anonymous = await shop.http
    .post('/graphql')
    .send({ query, variables: { id: order.id } })
    .expect(200);
  expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
});
