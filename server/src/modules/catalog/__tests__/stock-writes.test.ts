import { createProductWithSizes } from '../../../../test/sizes';
import { startTestShop, type TestShop } from '../../../../test/test-shop';

/**
 * Decision 0095: a sale's stock change writes the product's row in place, and only when it has to. Counted with
 * PostgreSQL's statistics, read inside the transaction that wrote (then rolled back).
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

interface ProductRow {
  quantity: number;
  in_stock: boolean;
  sizes_in_stock: number[];
  min_price_cents: number;
}

interface Written {
  /** Versions of `products` rows this transaction wrote, and how many of them in place (HOT). */
  updated: number;
  inPlace: number;
  product: ProductRow;
}

/** Runs `sql` in a transaction, reads what it did to `products`, and rolls it back. */
async function writeAndRollBack(sql: string, params: unknown[], productId: number): Promise<Written> {
  const em = shop.orm.em.fork();
  let written: Written | undefined;
  await em
    .transactional(async (trx) => {
      const connection = trx.getConnection();
      // The counters hold this connection's writes not yet reported too (PostgreSQL 15 reports them about once a
      // second): the difference is this statement's.
      const counted = async () => {
        const [counts] = await connection.execute<{ updated: number; in_place: number }[]>(
          `select pg_stat_get_xact_tuples_updated('products'::regclass)::int as updated,
                  pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as in_place`,
          [],
          'all',
          trx.getTransactionContext(),
        );
        return counts!;
      };
      const before = await counted();
      await connection.execute(sql, params, 'run', trx.getTransactionContext());
      const after = await counted();
      const [product] = await connection.execute<ProductRow[]>(
        'select quantity, in_stock, sizes_in_stock, min_price_cents from products where id = ?',
        [productId],
        'all',
        trx.getTransactionContext(),
      );
      written = {
        updated: after.updated - before.updated,
        inPlace: after.in_place - before.in_place,
        product: product!,
      };
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return written!;
}

class RollBack extends Error {}

const takeStock = 'update product_variants set quantity = quantity - ?, updated_at = now() where id = ?';

describe("a size's stock change", () => {
  let productId: number;
  let variantIds: number[];
  beforeAll(async () => {
    ({ productId, variantIds } = await createProductWithSizes(shop, 'Amber Lamu', [
      { sizeMl: 100, priceCents: 1_500_000, quantity: 6 },
      { sizeMl: 50, priceCents: 900_000, quantity: 3 },
      { sizeMl: 5, priceCents: 80_000, quantity: 1, isSample: true },
    ]));
  });

  it("writes the default size's new quantity to the product in place", async () => {
    const written = await writeAndRollBack(takeStock, [2, variantIds[0]], productId);
    expect(written.product).toMatchObject({ quantity: 4, in_stock: true });
    expect(written).toMatchObject({ updated: 1, inPlace: 1 });
  });

  it("leaves the product's row alone when another size stays in stock", async () => {
    const written = await writeAndRollBack(takeStock, [1, variantIds[1]], productId);
    expect(written.product).toMatchObject({ quantity: 6, sizes_in_stock: [5, 50, 100] });
    expect(written.updated).toBe(0);
  });

  it('re-derives the sizes in stock when a size sells out', async () => {
    const written = await writeAndRollBack(takeStock, [1, variantIds[2]], productId);
    expect(written.product).toMatchObject({ quantity: 6, sizes_in_stock: [50, 100] });
    expect(written.updated).toBe(1);
  });

  it('takes the product out of stock when its default size sells out', async () => {
    const written = await writeAndRollBack(takeStock, [6, variantIds[0]], productId);
    expect(written.product).toMatchObject({ quantity: 0, in_stock: false, sizes_in_stock: [5, 50] });
  });

  it("re-derives the prices when a size's price changes with its stock", async () => {
    const written = await writeAndRollBack(
      'update product_variants set quantity = quantity - 1, price_cents = ? where id = ?',
      [60_000, variantIds[2]],
      productId,
    );
    expect(written.product).toMatchObject({ min_price_cents: 60_000, sizes_in_stock: [50, 100] });
  });
});
