import { Product } from '../../catalog/product.entity';
import { ProductVariant } from '../../catalog/product-variant.entity';
import { UserRole } from '../../accounts/user.entity';
import { checkoutForm, startPayment } from '../../../../test/checkout';
import { createProductWithSizes, sizeStock } from '../../../../test/sizes';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';

/** Carts, checkout and stock per size (decision 0083). */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const addMutation = `mutation ($productId: Int!, $quantity: Int, $variantId: Int) {
  addToCart(productId: $productId, quantity: $quantity, variantId: $variantId) {
    cart { id subtotalCents items { id quantity unitPriceCents lineTotalCents product { id } variant { id label } } }
    errors { field code message }
  }
}`;

interface AddAnswer {
  addToCart: {
    cart: {
      subtotalCents: number;
      items: { quantity: number; unitPriceCents: number; variant: { id: number; label: string } }[];
    } | null;
    errors: { field: string; code: string; message: string }[];
  };
}

async function add(user: TestUser, variables: Record<string, unknown>): Promise<AddAnswer['addToCart']> {
  const response = await shop.http.post('/graphql').set(user.auth).send({ query: addMutation, variables });
  expect(response.body.errors).toBeUndefined();
  return (response.body.data as AddAnswer).addToCart;
}

async function oudInThreeSizes(name: string) {
  return createProductWithSizes(shop, name, [
    { sizeMl: 100, priceCents: 1_200_000, quantity: 4 },
    { sizeMl: 50, priceCents: 750_000, quantity: 2, salePriceCents: 700_000 },
    { sizeMl: 5, priceCents: 90_000, quantity: 10, isSample: true },
  ]);
}

describe('a product in sizes', () => {
  it("answers the default size's figures as the spec's product fields, and every size apart", async () => {
    const { productId, variantIds } = await oudInThreeSizes('Oud Zanzibar');
    const response = await shop.http.post('/graphql').send({
      query: `query ($id: Int!) { product(id: $id) { id priceCents quantity fromPriceCents pricesDiffer
        variants { id label sizeMl isSample effectivePriceCents quantity inStock } } }`,
      variables: { id: productId },
    });
    const product = response.body.data.product;
    expect(product).toMatchObject({ priceCents: 1_200_000, quantity: 4, fromPriceCents: 90_000, pricesDiffer: true });
    expect(product.variants).toEqual([
      {
        id: variantIds[0],
        label: '100 ml · Eau de Parfum',
        sizeMl: 100,
        isSample: false,
        effectivePriceCents: 1_200_000,
        quantity: 4,
        inStock: true,
      },
      {
        id: variantIds[1],
        label: '50 ml · Eau de Parfum',
        sizeMl: 50,
        isSample: false,
        effectivePriceCents: 700_000,
        quantity: 2,
        inStock: true,
      },
      {
        id: variantIds[2],
        label: '5 ml decant · Eau de Parfum',
        sizeMl: 5,
        isSample: true,
        effectivePriceCents: 90_000,
        quantity: 10,
        inStock: true,
      },
    ]);
  });

  it('is in stock in some size while only its default size is sold out, and in none once every size is', async () => {
    const { productId } = await createProductWithSizes(shop, 'Oud Kipini', [
      { sizeMl: 100, priceCents: 1_200_000, quantity: 0 },
      { sizeMl: 5, priceCents: 90_000, quantity: 3, isSample: true },
    ]);
    const stock = async () =>
      (
        await shop.http.post('/graphql').send({
          query: 'query ($id: Int!) { product(id: $id) { id inStock anySizeInStock } }',
          variables: { id: productId },
        })
      ).body.data.product;
    expect(await stock()).toEqual({ id: productId, inStock: false, anySizeInStock: true });
    await shop.orm.em.fork().nativeUpdate(ProductVariant, { product: productId }, { quantity: 0 });
    await shop.catalogueChanged();
    expect(await stock()).toEqual({ id: productId, inStock: false, anySizeInStock: false });
  });

  it('keeps each size a line of its own, priced by its size, and adds the default size when none is named', async () => {
    const { productId, variantIds } = await oudInThreeSizes('Oud Lamu');
    const user = await createSignedInUser(shop);
    await add(user, { productId, variantId: variantIds[2], quantity: 2 });
    await add(user, { productId, variantId: variantIds[1] });
    // The spec's REST call knows no sizes: the default size.
    const rest = await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: productId }).expect(201);
    expect(rest.body.data.map((line: { variant_id: number; size: string }) => [line.variant_id, line.size])).toEqual([
      [variantIds[2], '5 ml decant · Eau de Parfum'],
      [variantIds[1], '50 ml · Eau de Parfum'],
      [variantIds[0], '100 ml · Eau de Parfum'],
    ]);
    const answer = await add(user, { productId, variantId: variantIds[2] });
    expect(answer.cart!.items.map((line) => [line.variant.id, line.quantity, line.unitPriceCents])).toEqual([
      [variantIds[2], 3, 90_000],
      [variantIds[1], 1, 700_000],
      [variantIds[0], 1, 1_200_000],
    ]);
    expect(answer.cart!.subtotalCents).toBe(3 * 90_000 + 700_000 + 1_200_000);
    // REST's variant_id names a size too, as the REST search lists it.
    const found = await shop.http.get('/api/products/search').query({ q: 'oud lamu' }).expect(200);
    const listed = found.body.data.find((product: { id: number }) => product.id === productId);
    expect(
      listed.sizes.map((size: { id: number; size: string; price: number }) => [size.id, size.size, size.price]),
    ).toEqual([
      [variantIds[0], '100 ml · Eau de Parfum', 12_000],
      [variantIds[1], '50 ml · Eau de Parfum', 7_500],
      [variantIds[2], '5 ml decant · Eau de Parfum', 900],
    ]);
    const more = await shop.http
      .post('/api/carts/add')
      .set(user.auth)
      .send({ product_id: productId, variant_id: String(listed.sizes[1].id) })
      .expect(201);
    expect(more.body.data.find((line: { variant_id: number }) => line.variant_id === variantIds[1]).quantity).toBe(2);
  });

  it("refuses more than a size's stock naming the size, a size of another product, and an archived size", async () => {
    const { productId, variantIds } = await oudInThreeSizes('Oud Malindi');
    const other = await oudInThreeSizes('Oud Kilifi');
    const user = await createSignedInUser(shop);
    const tooMany = await add(user, { productId, variantId: variantIds[1], quantity: 3 });
    expect(tooMany.errors).toEqual([
      {
        field: 'quantity',
        code: 'OUT_OF_STOCK',
        message: 'Only 2 of Oud Malindi (50 ml · Eau de Parfum) left in stock.',
      },
    ]);
    const elsewhere = await add(user, { productId, variantId: other.variantIds[0] });
    expect(elsewhere.errors).toEqual([{ field: 'variantId', code: 'NOT_FOUND', message: 'That size is not on sale.' }]);
    await shop.orm.em.fork().nativeUpdate(ProductVariant, { id: variantIds[2] }, { archivedAt: new Date() });
    await shop.catalogueChanged();
    const archived = await add(user, { productId, variantId: variantIds[2] });
    expect(archived.errors[0]?.code).toBe('NOT_FOUND');
    const rest = await shop.http
      .post('/api/carts/add')
      .set(user.auth)
      .send({ product_id: productId, variant_id: 'fifty' })
      .expect(400);
    expect(rest.text).toContain('That size is not on sale.');
  });

  it('sells sizes apart at checkout: each line its size and price, stock taken per size, the default mirrored', async () => {
    const { productId, variantIds } = await oudInThreeSizes('Oud Watamu');
    const user = await createSignedInUser(shop);
    await add(user, { productId, variantId: variantIds[0], quantity: 1 });
    await add(user, { productId, variantId: variantIds[2], quantity: 3 });
    const placed = await shop.http.post('/api/orders/create').set(user.auth).send(checkoutForm).expect(201);
    expect(placed.body.data.order.items).toEqual([
      expect.objectContaining({ variant_id: variantIds[0], size: '100 ml · Eau de Parfum', unit_price: 12_000 }),
      expect.objectContaining({ variant_id: variantIds[2], size: '5 ml decant · Eau de Parfum', unit_price: 900 }),
    ]);
    expect(await sizeStock(shop, variantIds)).toEqual([3, 2, 7]);
    // The spec's quantity is the default size's.
    expect((await shop.orm.em.fork().findOneOrFail(Product, productId)).quantity).toBe(3);
    const orders = await shop.http.post('/graphql').set(user.auth).send({
      query: '{ myOrders { id items { id name sizeLabel variantId quantity unitPriceCents } } }',
    });
    expect(orders.body.data.myOrders[0].items).toEqual([
      expect.objectContaining({
        name: 'Oud Watamu',
        sizeLabel: '100 ml · Eau de Parfum',
        quantity: 1,
        unitPriceCents: 1_200_000,
      }),
      expect.objectContaining({
        name: 'Oud Watamu',
        sizeLabel: '5 ml decant · Eau de Parfum',
        quantity: 3,
        unitPriceCents: 90_000,
      }),
    ]);
  });

  it("names each line's size in the admin's transactions and in the orders and transactions CSV", async () => {
    const { productId, variantIds } = await oudInThreeSizes('Oud Vipingo');
    const user = await createSignedInUser(shop);
    await add(user, { productId, variantId: variantIds[2], quantity: 2 });
    await add(user, { productId, variantId: variantIds[0] });
    const placed = await shop.http.post('/api/orders/create').set(user.auth).send(checkoutForm).expect(201);
    const orderId: string = placed.body.data.order.id;
    await startPayment(shop, user, orderId);
    // Lines in the order checkout wrote them: by product, then by size.
    const lines = '1 x Oud Vipingo (100 ml · Eau de Parfum); 2 x Oud Vipingo (5 ml decant · Eau de Parfum)';
    const admin = await createSignedInUser(shop, UserRole.ADMIN);
    const transactions = await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({
        query: `{ adminTransactions(search: "${orderId.slice(0, 8)}") { transactions { id orderId items } } }`,
      });
    expect(transactions.body.data.adminTransactions.transactions).toEqual([
      expect.objectContaining({ orderId, items: lines }),
    ]);
    const orders = await shop.http.get('/api/admin/export/orders.csv').set(admin.auth).expect(200);
    expect(orders.text).toContain(lines);
    const payments = await shop.http.get('/api/admin/export/transactions.csv').set(admin.auth).expect(200);
    expect(payments.text.split('\n')[0]).toContain('Items');
    expect(payments.text).toContain(lines);
  });

  it('gives a cancelled order its stock back per size', async () => {
    const { productId, variantIds } = await oudInThreeSizes('Oud Kwale');
    const user = await createSignedInUser(shop);
    await add(user, { productId, variantId: variantIds[1], quantity: 2 });
    await add(user, { productId, variantId: variantIds[2], quantity: 4 });
    const placed = await shop.http.post('/api/orders/create').set(user.auth).send(checkoutForm).expect(201);
    expect(await sizeStock(shop, variantIds)).toEqual([4, 0, 6]);
    const admin = await createSignedInUser(shop, UserRole.ADMIN);
    const cancelled = await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({
        query: 'mutation ($id: ID!) { updateOrderStatus(id: $id, status: "cancelled") { order { id status } } }',
        variables: { id: placed.body.data.order.id },
      });
    expect(cancelled.body.data.updateOrderStatus.order.status).toBe('cancelled');
    expect(await sizeStock(shop, variantIds)).toEqual([4, 2, 10]);
  });
});

describe('a product saved the way the spec writes it', () => {
  it('gets one size from its own price and stock, and a write to its price or stock writes that size', async () => {
    const em = shop.orm.em.fork();
    const product = em.create(Product, {
      name: 'Plain Musk',
      description: 'One size.',
      priceCents: 250_000,
      quantity: 6,
    });
    await em.flush();
    const [size] = await em.fork().find(ProductVariant, { product: product.id });
    expect(size).toMatchObject({ priceCents: 250_000, quantity: 6, sizeMl: null, concentration: null });
    product.quantity = 2;
    product.salePriceCents = 200_000;
    product.onSale = true;
    await em.flush();
    expect(await em.fork().findOneOrFail(ProductVariant, size!.id)).toMatchObject({
      quantity: 2,
      salePriceCents: 200_000,
      onSale: true,
    });
  });
});
