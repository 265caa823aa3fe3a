import { UserRole } from '../../accounts/user.entity';
import { Category } from '../category.entity';
import { ProductImage, Product } from '../product.entity';
import { singleRow } from '../../../shared/single-row';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { graphQLAs } from './admin-helpers';

let shop: TestShop;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  // No sample products: the statement count below decides how many there are.
  shop = await startTestShop({ seed: false });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
});
afterAll(() => shop.close());

async function addProducts(count: number, categoryName: string): Promise<void> {
  const em = shop.orm.em.fork();
  const category = await em.findOneOrFail(Category, { name: categoryName });
  for (let index = 0; index < count; index += 1) {
    const product = em.create(Product, {
      name: `Bulk ${categoryName} ${index}`,
      description: 'Made for counting statements.',
      priceCents: 100_00 + index,
      quantity: 3,
      categories: [category],
    });
    em.create(ProductImage, { product, fileName: `bulk-${categoryName}-${index}.webp`, position: 0 });
  }
  await em.flush();
  await shop.catalogueChanged();
}

type CategoryPayload = {
  category: { id: number; name: string; slug: string } | null;
  errors: { field: string; code: string; message: string }[];
};
const createCategory = (name: string, auth = admin.auth) =>
  graphQLAs<{ createCategory: CategoryPayload }>(
    shop,
    auth,
    'mutation ($name: String!) { createCategory(name: $name) { category { id name slug } errors { field code message } } }',
    { name },
  );
const deleteCategory = (id: number) =>
  graphQLAs<{
    deleteCategory: { deletedId: number | null; errors: { field: string; code: string; message: string }[] };
  }>(shop, admin.auth, 'mutation ($id: Int!) { deleteCategory(id: $id) { deletedId errors { field code message } } }', {
    id,
  });
const storefrontCategories = async () =>
  (await shop.graphql<{ categories: { id: number; name: string }[] }>('{ categories { id name } }')).data!.categories;

describe('adminProducts statement count', () => {
  const query =
    '{ adminProducts { products { id name category quantity categories { id name } images { id url srcSet } } totalCount } }';
  type Answer = { adminProducts: { products: unknown[]; totalCount: number } };

  it('costs the same number of SQL statements for 5 products as for 25', async () => {
    await addProducts(5, 'FOR MEN');
    const few = await shop.statements.measure(() => graphQLAs<Answer>(shop, admin.auth, query));
    await addProducts(20, 'FOR WOMEN');
    const many = await shop.statements.measure(() => graphQLAs<Answer>(shop, admin.auth, query));
    expect(few.result.data!.adminProducts.products).toHaveLength(5);
    expect(many.result.data!.adminProducts.products).toHaveLength(25);
    expect(many.result.data!.adminProducts.totalCount).toBe(25);
    expect(many.statements).toBe(few.statements);
    // The session, then the page with its count.
    expect(many.statements).toBeLessThanOrEqual(2);
  });

  it('is refused to guests and shoppers', async () => {
    expect((await graphQLAs(shop, {}, query)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await graphQLAs(shop, shopper.auth, query)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('categories', () => {
  it('adds a category trimmed and upper-cased, and the shop lists it at once', async () => {
    await storefrontCategories();
    const { data } = await createCategory('  gift   sets ');
    expect(data!.createCategory).toEqual({
      category: { id: expect.any(Number), name: 'GIFT SETS', slug: 'gift-sets' },
      errors: [],
    });
    expect((await storefrontCategories()).map((category) => category.name)).toContain('GIFT SETS');
  });

  it.each(['Gift Sets', 'for men', 'FOR-MEN', 'kids'])(
    'refuses %s as a duplicate in any case or slug',
    async (name) => {
      const { data } = await createCategory(name);
      expect(data!.createCategory).toEqual({
        category: null,
        errors: [{ field: 'name', code: 'CATEGORY_EXISTS', message: 'Category already exists' }],
      });
    },
  );

  it('requires a name', async () => {
    const { data } = await createCategory('   ');
    expect(data!.createCategory.errors).toEqual([
      { field: 'name', code: 'REQUIRED', message: 'Category name is required' },
    ]);
  });

  it('refuses to delete a category products use, saying how many', async () => {
    const forMen = (await storefrontCategories()).find((category) => category.name === 'FOR MEN')!;
    const { count } = singleRow(
      await shop.orm.em
        .fork()
        .getConnection()
        .execute<{ count: number }[]>(
          `select count(*)::int as count from product_categories pc join products p on p.id = pc.product_id
           where pc.category_id = ? and p.archived_at is null`,
          [forMen.id],
        ),
    );
    expect(count).toBeGreaterThan(1);
    const { data } = await deleteCategory(forMen.id);
    expect(data!.deleteCategory).toEqual({
      deletedId: null,
      errors: [{ field: 'category', code: 'CATEGORY_IN_USE', message: `Category is used by ${count} products` }],
    });
    expect((await storefrontCategories()).some((category) => category.id === forMen.id)).toBe(true);
  });

  it('deletes an unused category', async () => {
    const created = (await createCategory('Travel Sizes')).data!.createCategory.category!;
    const { data } = await deleteCategory(created.id);
    expect(data!.deleteCategory).toEqual({ deletedId: created.id, errors: [] });
    expect((await storefrontCategories()).some((category) => category.id === created.id)).toBe(false);
  });

  it('adds and deletes over REST with the envelope, admins only', async () => {
    const added = await shop.http.post('/api/categories/add').set(admin.auth).send({ name: 'Body Mists' }).expect(201);
    expect(added.body).toEqual({
      success: true,
      message: 'Category added successfully',
      data: { id: expect.any(Number), name: 'BODY MISTS', slug: 'body-mists' },
    });
    const duplicate = await shop.http.post('/categories/add').set(admin.auth).send({ name: 'body mists' }).expect(400);
    expect(duplicate.body).toMatchObject({ success: false, message: 'Category already exists' });
    await shop.http.post('/categories/add').send({ name: 'Guest Category' }).expect(401);
    await shop.http.post('/categories/add').set(shopper.auth).send({ name: 'Shopper Category' }).expect(403);
    await shop.http.delete('/categories/delete/BODY%20MISTS').set(shopper.auth).expect(403);
    const deleted = await shop.http.delete('/categories/delete/BODY%20MISTS').set(admin.auth).expect(200);
    expect(deleted.body).toEqual({
      success: true,
      message: 'Category deleted successfully',
      data: { id: added.body.data.id },
    });
    await shop.http.delete('/api/categories/delete/BODY%20MISTS').set(admin.auth).expect(404);
  });
});

describe('reviews', () => {
  const deleteReview = (id: number, auth: Record<string, string>) =>
    graphQLAs<{ deleteReview: { ok: boolean; message: string; errors: { message: string }[] } }>(
      shop,
      auth,
      'mutation ($id: Int!) { deleteReview(id: $id) { ok message errors { message } } }',
      { id },
    );
  const writeReview = async (title: string) =>
    (
      await shop.http
        .post('/api/reviews/add')
        .set('x-forwarded-for', `10.0.0.${Math.floor(Math.random() * 250)}`)
        .send({ name: 'Njeri', rating: 4, title, fullReview: 'Lasts all day.' })
        .expect(201)
    ).body.data.id as number;
  const reviewTitles = async () =>
    (await shop.graphql<{ reviews: { title: string }[] }>('{ reviews { title } }')).data!.reviews.map(
      (review) => review.title,
    );

  it('deletes a review over GraphQL; the list changes at once', async () => {
    const id = await writeReview('Soft and sweet');
    expect(await reviewTitles()).toContain('Soft and sweet');
    expect((await deleteReview(id, shopper.auth)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await deleteReview(id, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await deleteReview(id, admin.auth)).data!.deleteReview).toEqual({
      ok: true,
      message: 'Review deleted',
      errors: [],
    });
    expect(await reviewTitles()).not.toContain('Soft and sweet');
    expect((await deleteReview(id, admin.auth)).data!.deleteReview).toEqual({
      ok: false,
      message: 'Review not found',
      errors: [{ message: 'Review not found' }],
    });
  });

  it('deletes a review over REST with the envelope, admins only', async () => {
    const id = await writeReview('Too strong');
    await shop.http.delete(`/reviews/delete/${id}`).expect(401);
    await shop.http.delete(`/reviews/delete/${id}`).set(shopper.auth).expect(403);
    const response = await shop.http.delete(`/api/reviews/delete/${id}`).set(admin.auth).expect(200);
    expect(response.body).toEqual({ success: true, message: 'Review deleted successfully', data: { id } });
    await shop.http.delete(`/reviews/delete/${id}`).set(admin.auth).expect(404);
  });
});
