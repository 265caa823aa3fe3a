import { startTestShop, type TestShop } from '../../../test/test-shop';
import { eventually } from '../../../test/eventually';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops.reverse()) await shop.close();
});

describe('an instance starting on a database others already serve', () => {
  it('makes them drop what they hold of the catalogue when it seeds or migrates', async () => {
    // The first instance: no sample products yet, and one product of its own, held in its view cache.
    const first = await startTestShop({ seed: false });
    shops.push(first);
    const [row] = await first.orm.em
      .fork()
      .getConnection()
      .execute<{ id: number }[]>(
        `insert into products (name, description, price_cents, quantity) values ('Held Eau', 'Held.', 100000, 3)
         returning id`,
      );
    const id = row!.id;
    const read = () =>
      first.graphql<{ product: { id: number } | null }>('query ($id: Int!) { product(id: $id) { id } }', { id });
    // Read twice: a view is kept from its second read (decision 0071).
    await read();
    expect((await read()).data!.product?.id).toBe(id);
    expect(first.productViews.get(id)).toBeDefined();

    // A second instance on the same database applies the sample products' seed as it starts.
    const second = await startTestShop({ shareDatabaseOf: first, seed: true });
    shops.push(second);
    await eventually('the first instance drops the product it held', () => first.productViews.get(id) === undefined);
    expect(first.productViews.get(id)).toBeUndefined();
  });
});
