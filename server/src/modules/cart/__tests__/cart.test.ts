import { sampleProducts } from '../../catalog/catalog.samples';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const saleIndex = sampleProducts.findIndex((sample) => sample.salePriceKes !== undefined && sample.quantity >= 3);
const saleProductId = saleIndex + 1;
const outOfStockId = sampleProducts.findIndex((sample) => sample.quantity === 0) + 1;
const saleSample = sampleProducts[saleIndex];
const outOfStockSample = sampleProducts[outOfStockId - 1];
if (!saleSample || !outOfStockSample)
  throw new Error('The samples need a product on sale with stock and a sold-out one');

const cartQuery =
  '{ cart { id totalQuantity subtotalCents items { id quantity unitPriceCents lineTotalCents product { id name } } } }';
const addMutation = `mutation ($productId: Int!, $quantity: Int) {
  addToCart(productId: $productId, quantity: $quantity) { cart { id totalQuantity subtotalCents items { id quantity unitPriceCents } } errors { field code message } }
}`;

async function graphqlAs<T>(user: TestUser, query: string, variables?: Record<string, unknown>) {
  const response = await shop.http.post('/graphql').set(user.auth).send({ query, variables });
  return response.body as { data?: T; errors?: { extensions?: { code?: string } }[] };
}

describe('the cart', () => {
  it('prices lines from the server, adds up repeated adds, and ignores prices the client sends', async () => {
    const user = await createSignedInUser(shop);
    await shop.http
      .post('/api/carts/add')
      .set(user.auth)
      .send({ user_id: user.id, product_id: saleProductId, quantity: 1, unit_price: 1, total_price: 1 })
      .expect(201);
    await shop.http.post('/carts/add').set(user.auth).send({ product_id: saleProductId }).expect(201);
    const { data } = await graphqlAs<{
      cart: { totalQuantity: number; subtotalCents: number; items: { unitPriceCents: number }[] };
    }>(user, cartQuery);
    const salePrice = saleSample.salePriceKes! * 100;
    expect(data!.cart.items).toHaveLength(1);
    expect(data!.cart.items[0]?.unitPriceCents).toBe(salePrice);
    expect(data!.cart.totalQuantity).toBe(2);
    expect(data!.cart.subtotalCents).toBe(2 * salePrice);
    const rest = await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth).expect(200);
    expect(rest.body.data[0]).toMatchObject({ product_id: saleProductId, quantity: 2, unit_price: salePrice / 100 });
  });

  it('refuses more than the stock, naming what is available', async () => {
    const user = await createSignedInUser(shop);
    const stock = saleSample.quantity;
    const { data } = await graphqlAs<{ addToCart: { cart: null; errors: { code: string; message: string }[] } }>(
      user,
      addMutation,
      {
        productId: saleProductId,
        quantity: stock + 1,
      },
    );
    expect(data!.addToCart.cart).toBeNull();
    expect(data!.addToCart.errors[0]).toMatchObject({
      code: 'OUT_OF_STOCK',
      // The refusal names the size: the product's default one, when no size is asked for.
      message: expect.stringMatching(
        new RegExp(`^Only ${stock} of ${saleSample.name} \\(\\d+ ml · [^)]+\\) left in stock\\.$`),
      ),
    });
    const soldOut = await shop.http
      .post('/api/carts/add')
      .set(user.auth)
      .send({ product_id: outOfStockId })
      .expect(400);
    expect(soldOut.body.message).toMatch(
      new RegExp(`^${outOfStockSample.name} \\(\\d+ ml · [^)]+\\) is out of stock\\.$`),
    );
    await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth).expect(404);
  });

  it('answers 404 for product ids no product can have, however large, and writes nothing', async () => {
    const user = await createSignedInUser(shop);
    // Ids are PostgreSQL integers; the add sends them as a typed parameter (decision 0060), so the range is checked first.
    for (const productId of [2 ** 31, 2 ** 40, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1.5, 'abc']) {
      const answer = await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: productId }).expect(404);
      expect(answer.body.message).toBe('Product not found');
    }
    await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth).expect(404);
  });

  it('updates a line, removes it below 1, and answers 404 for an empty cart', async () => {
    const user = await createSignedInUser(shop);
    const added = await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: 1 }).expect(201);
    const itemId = added.body.data[0].id;
    const updated = await shop.http.put(`/api/carts/update/${itemId}`).set(user.auth).send({ quantity: 3 }).expect(200);
    expect(updated.body.data[0].quantity).toBe(3);
    await shop.http.put(`/carts/update/${itemId}`).set(user.auth).send({ quantity: 0 }).expect(200);
    await shop.http.get(`/carts/user/${user.id}`).set(user.auth).expect(404);
    const again = await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: 2 }).expect(201);
    await shop.http.delete(`/api/carts/delete/${again.body.data[0].id}`).set(user.auth).expect(200);
    await shop.http.get(`/carts/user/${user.id}`).set(user.auth).expect(404);
  });

  it("keeps carts private: a guest is refused, and another user's cart and lines are out of reach", async () => {
    const owner = await createSignedInUser(shop);
    const other = await createSignedInUser(shop);
    const added = await shop.http.post('/api/carts/add').set(owner.auth).send({ product_id: 1 }).expect(201);
    await shop.http.post('/api/carts/add').send({ product_id: 1 }).expect(401);
    await shop.http.get(`/api/carts/user/${owner.id}`).set(other.auth).expect(403);
    await shop.http.post('/api/carts/add').set(other.auth).send({ user_id: owner.id, product_id: 1 }).expect(403);
    await shop.http.delete(`/api/carts/delete/${added.body.data[0].id}`).set(other.auth).expect(404);
    const guest = await shop.graphql(cartQuery);
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
