import { Client } from 'pg';
import { startTestShop, type TestShop } from '../../../test/test-shop';

let shop: TestShop;
let client: Client;
beforeAll(async () => {
  // A new shop's catalogue: no products, and statistics that say so.
  shop = await startTestShop({ seed: false });
  client = new Client({ connectionString: shop.config.databaseUrl });
  await client.connect();
  await client.query('analyze products');
});
afterAll(async () => {
  await client.end();
  await shop.close();
});

describe('a generated handle', () => {
  it('is checked free through the unique index, so inserting many products at once reads no earlier row', async () => {
    const count = 2_000;
    await client.query('begin');
    try {
      const inserted = await client.query<{ handle: string }>(
        `insert into products (name, description, price_cents, quantity)
         select 'Generated Eau ' || n, 'Generated.', 1000 + n, 1 from generate_series(1, $1::int) n
         returning handle`,
        [count],
      );
      // This transaction's own counters: what every row's check in the insert read of `products`.
      const { rows } = await client.query<{ seq_tup_read: string; idx_scan: string }>(
        `select seq_tup_read, idx_scan from pg_stat_xact_user_tables where relid = 'products'::regclass`,
      );
      expect(new Set(inserted.rows.map((row) => row.handle)).size).toBe(count);
      expect(inserted.rows[0]?.handle).toMatch(/^generated-eau-1-\d+$/);
      // A sequential check would read 0 + 1 + … + 1,999 rows (about 2 million): one statement was quadratic.
      expect(Number(rows[0]?.seq_tup_read)).toBe(0);
      expect(Number(rows[0]?.idx_scan)).toBeGreaterThanOrEqual(count);
    } finally {
      await client.query('rollback');
    }
  });
});
