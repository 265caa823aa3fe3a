import { UserRole } from '../../accounts/user.entity';
import { insertGeneratedProducts } from '../../../../test/generated-products';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { graphQLAs } from './admin-helpers';

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  // No sample products: each test knows exactly what the catalogue holds.
  shop = await startTestShop({ seed: false });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
});
afterAll(() => shop.close());

interface InventoryAnswer {
  adminProducts: {
    products: { id: number; name: string; quantity: number; category: string; images: { id: string }[] }[];
    totalCount: number;
  };
}

const inventoryQuery = `query ($search: String, $lowStock: Boolean, $limit: Int, $offset: Int) {
  adminProducts(search: $search, lowStock: $lowStock, limit: $limit, offset: $offset) {
    products { id name quantity category images { id } }
    totalCount
  }
}`;

interface InventoryVariables {
  search?: string;
  lowStock?: boolean;
  limit?: number;
  offset?: number;
}

async function inventory(variables: InventoryVariables = {}) {
  const answer = await graphQLAs<InventoryAnswer>(shop, admin.auth, inventoryQuery, { ...variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!.adminProducts;
}

const dashboardQuery = '{ dashboard { lowStockThreshold lowStockCount lowStockProducts { id name quantity } } }';
type DashboardAnswer = {
  dashboard: {
    lowStockThreshold: number;
    lowStockCount: number;
    lowStockProducts: { id: number; name: string; quantity: number }[];
  };
};

/** Every request a page of the admin's lists can make, with what each costs in statements. */
async function measurePages() {
  const measure = (variables: InventoryVariables) =>
    shop.statements.measure(() => graphQLAs<InventoryAnswer>(shop, admin.auth, inventoryQuery, { ...variables }));
  return {
    first: await measure({ limit: 50 }),
    later: await measure({ limit: 50, offset: 10 }),
    search: await measure({ search: 'scent 1', limit: 50 }),
    lowStock: await measure({ lowStock: true, limit: 50 }),
    dashboard: await shop.statements.measure(() => graphQLAs<DashboardAnswer>(shop, admin.auth, dashboardQuery)),
  };
}

describe('admin inventory at 20 and at 5,000 products', () => {
  it('costs the same statements per page, and returns one page with the total', async () => {
    // Quantities 0–9 over and over: 6 in every 10 are at or below the threshold of 5.
    await insertGeneratedProducts(shop, { count: 20, prefix: 'Scent', quantityCycle: 10 });
    const few = await measurePages();
    expect(few.first.result.data!.adminProducts.products).toHaveLength(20);
    expect(few.first.result.data!.adminProducts.totalCount).toBe(20);
    expect(few.lowStock.result.data!.adminProducts.totalCount).toBe(12);
    expect(few.dashboard.result.data!.dashboard.lowStockCount).toBe(12);
    expect(few.dashboard.result.data!.dashboard.lowStockProducts).toHaveLength(12);

    await insertGeneratedProducts(shop, { count: 4_980, prefix: 'Scent', quantityCycle: 10 });
    const many = await measurePages();
    const first = many.first.result.data!.adminProducts;
    expect(first.products).toHaveLength(50);
    expect(first.totalCount).toBe(5_000);
    expect(many.later.result.data!.adminProducts.products).toHaveLength(50);
    // 'Scent 1', 'Scent 10'…'Scent 19' from the first 20; and those, 'Scent 100'…'199' and '1000'…'1999' after.
    expect(many.search.result.data!.adminProducts.totalCount).toBe(11 + 1_111);
    expect(many.lowStock.result.data!.adminProducts.totalCount).toBe(3_000);
    expect(many.dashboard.result.data!.dashboard.lowStockCount).toBe(3_000);
    // The dashboard names the 20 lowest and says how many more there are.
    const lowest = many.dashboard.result.data!.dashboard.lowStockProducts;
    expect(lowest).toHaveLength(20);
    expect(lowest.every((product) => product.quantity === 0)).toBe(true);

    for (const page of ['first', 'later', 'search', 'lowStock', 'dashboard'] as const) {
      expect({ page, statements: many[page].statements }).toEqual({ page, statements: few[page].statements });
    }
    // The session, then one statement (the dashboard: its figures and the low-stock page side by side).
    expect(many.first.statements).toBeLessThanOrEqual(2);
    expect(many.dashboard.statements).toBeLessThanOrEqual(3);
  });

  it('pages newest first without gaps or repeats', async () => {
    const [one, two, both] = [
      await inventory({ limit: 30 }),
      await inventory({ limit: 30, offset: 30 }),
      await inventory({ limit: 60 }),
    ];
    const ids = [...one.products, ...two.products].map((product) => product.id);
    expect(ids).toEqual(both.products.map((product) => product.id));
    expect(ids).toEqual([...ids].sort((left, right) => right - left));
    expect(new Set(ids).size).toBe(60);
    expect(one.products[0]).toMatchObject({ category: 'FOR MEN', images: [{ id: expect.any(String) }] });
    // Past the end: an empty page, and still the total.
    expect(await inventory({ offset: 10_000 })).toEqual({ products: [], totalCount: 5_000 });
  });

  it('lists low stock lowest quantity first, then by id, page after page', async () => {
    const one = await inventory({ lowStock: true, limit: 100, offset: 450 });
    const two = await inventory({ lowStock: true, limit: 100, offset: 550 });
    const rows = [...one.products, ...two.products];
    expect(rows.every((product) => product.quantity <= 5)).toBe(true);
    const sorted = [...rows].sort((left, right) => left.quantity - right.quantity || left.id - right.id);
    expect(rows).toEqual(sorted);
    // Each quantity 0–5 has 500 products: offset 450–649 crosses from quantity 0 into quantity 1.
    expect(rows[49]?.quantity).toBe(0);
    expect(rows[50]?.quantity).toBe(1);
  });

  it('refuses a page over 100 or an offset below 0 with BAD_USER_INPUT', async () => {
    for (const variables of [{ limit: 101 }, { limit: 0 }, { offset: -1 }]) {
      const answer = await graphQLAs<InventoryAnswer>(shop, admin.auth, inventoryQuery, variables);
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe('admin inventory search', () => {
  it('matches name, category or description in any case, with % and _ taken literally', async () => {
    await insertGeneratedProducts(shop, { count: 1, prefix: '100% Rose', categoryName: 'UNISEX' });
    await insertGeneratedProducts(shop, { count: 1, prefix: 'Oud_Noir', categoryName: 'UNISEX' });
    await insertGeneratedProducts(shop, { count: 1, prefix: 'Oudh Noir', categoryName: 'UNISEX' });
    const names = async (search: string) =>
      (await inventory({ search, limit: 100 })).products.map((product) => product.name);

    expect(await names('%')).toEqual(['100% Rose 1']);
    expect(await names('OUD_')).toEqual(['Oud_Noir 1']);
    expect(await names('oud')).toEqual(['Oudh Noir 1', 'Oud_Noir 1']);
    expect(await names('unisex')).toEqual(['Oudh Noir 1', 'Oud_Noir 1', '100% Rose 1']);
    expect((await inventory({ search: 'generated FOR counting' })).totalCount).toBe(5_003);
    expect(await names('no such perfume')).toEqual([]);
    // A blank search is no search.
    expect((await inventory({ search: '   ' })).totalCount).toBe(5_003);
  });
});
