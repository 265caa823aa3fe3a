import { writeClientDist } from '../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../test/users';
import { placeOrderFor } from '../../../test/checkout';
import { smallPng, uploadGraphQL } from '../../modules/catalog/__tests__/admin-helpers';
import { UserRole } from '../../modules/accounts/user.entity';
import { announceCatalogueChange, type CatalogueChange } from '../catalogue-change';
import { listenerApplicationName } from '../catalogue-events';
import { singleRow } from '../../shared/single-row';

// Two app instances on one database, as behind a load balancer: A takes the writes, B must follow.
let a: TestShop;
let b: TestShop;
let admin: TestUser;
let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
const heardOnB: CatalogueChange[] = [];

beforeAll(async () => {
  // Storefront pages need the built client's index.html: a stand-in.
  clientDist = await writeClientDist();
  a = await startTestShop({ env: { CLIENT_DIST: clientDist.dir } });
  b = await startTestShop({ shareDatabaseOf: a, env: { CLIENT_DIST: clientDist.dir } });
  b.events.subscribe((change) => heardOnB.push(change));
  admin = await createSignedInUser(a, UserRole.ADMIN);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await clientDist?.remove();
});

/**
 * Polls until `read` gives what `done` wants. No speed is asserted (how soon B follows is the bench's business):
 * the deadline only names a hang, and stays well under the response cache's 5-minute life, so an answer that
 * only changed because its entry expired cannot pass.
 */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  let last: T | undefined;
  while (Date.now() - started < timeoutMs) {
    last = await read();
    if (done(last)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not seen within ${timeoutMs} ms; last: ${JSON.stringify(last).slice(0, 500)}`);
}

/** B's count of changes heard, to wait for the next one. */
const heardMark = () => heardOnB.length;

/**
 * Until B has heard, after `mark`, a change that `names` (or one that drops everything): a late notice of an
 * earlier step does not end the wait.
 */
async function heardOnBAfter(mark: number, names: (change: CatalogueChange) => boolean): Promise<void> {
  await until(
    async () => heardOnB.slice(mark),
    (heard) => heard.some((change) => change.everything === true || names(change)),
  );
}

const productQuery = (id: number) => `{ product(id: ${id}) { id name priceCents quantity inStock } }`;

/** The four ways B answers about a product, each warmed into B's cache first where B caches. */
function readersOn(shop: TestShop, id: number) {
  return {
    id,
    page: async () => {
      const response = await shop.http.get(`/product/${id}`).set('accept', 'text/html');
      return { status: response.status, text: response.text, cache: response.headers['x-cache'] };
    },
    cachedGraphQL: async () =>
      (
        await shop.http
          .get(`/graphql?query=${encodeURIComponent(productQuery(id))}`)
          .set('apollo-require-preflight', 'true')
      ).body?.data?.product,
    postedGraphQL: async () => (await shop.graphql<{ product: unknown }>(productQuery(id))).data?.product,
    restList: async () =>
      (
        (await shop.http.get('/api/products/list?limit=100')).body.data as {
          id: number;
          price: number;
          quantity: number;
        }[]
      ).find((product) => product.id === id),
  };
}

interface ProductRead {
  id: number;
  name: string;
  priceCents: number;
  quantity: number;
  inStock: boolean;
}

async function warm(readers: ReturnType<typeof readersOn>): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    await Promise.all([readers.page(), readers.cachedGraphQL(), readers.postedGraphQL(), readers.restList()]);
  }
  expect((await readers.page()).cache).toBe('HIT');
}

/**
 * Once B has heard a change after `mark` (its own caches drop first: the app subscribes before the test), every
 * reader of B shows what `shows` wants on its next read. An order of events, not a stopwatch.
 */
async function seenOnB(
  mark: number,
  readers: ReturnType<typeof readersOn>,
  shows: {
    page: (html: string) => boolean;
    graphQL: (product: ProductRead | null | undefined) => boolean;
    rest: (product: { price: number; quantity: number } | undefined) => boolean;
  },
): Promise<void> {
  await heardOnBAfter(mark, (change) =>
    [change.productIds, change.stockChangedIds].some((ids) => ids?.includes(readers.id)),
  );
  const page = await readers.page();
  expect(page.status).toBe(200);
  expect(shows.page(page.text)).toBe(true);
  expect(shows.graphQL(await readers.cachedGraphQL())).toBe(true);
  expect(shows.graphQL((await readers.postedGraphQL()) as ProductRead | null)).toBe(true);
  expect(shows.rest(await readers.restList())).toBe(true);
}

async function adminGraphQL<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await a.http.post('/graphql').set(admin.auth).send({ query, variables });
  expect(response.body.errors).toBeUndefined();
  return response.body.data as T;
}

describe('a change made on one instance is served by the other', () => {
  it('a price change', async () => {
    const readers = readersOn(b, 3);
    await warm(readers);
    const { product } = await adminGraphQL<{
      product: {
        name: string;
        description: string;
        quantity: number;
        categories: { id: number }[];
      };
    }>('query ($id: Int!) { product(id: $id) { name description quantity categories { id } } }', { id: 3 });
    const mark = heardMark();
    const update = await adminGraphQL<{ updateProduct: { errors: unknown[] } }>(
      `mutation ($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { errors { code } } }`,
      {
        id: 3,
        input: {
          name: product.name,
          description: product.description,
          categoryIds: product.categories.map((category) => category.id),
          priceCents: 123_400,
          quantity: product.quantity,
          onSale: false,
          salePriceCents: null,
        },
      },
    );
    expect(update.updateProduct.errors).toEqual([]);
    await seenOnB(mark, readers, {
      page: (html) => html.includes('"price":"1234.00"'),
      graphQL: (read) => read?.priceCents === 123_400,
      rest: (read) => read?.price === 1234,
    });
  });

  it('a stock change', async () => {
    const readers = readersOn(b, 4);
    await warm(readers);
    const mark = heardMark();
    await adminGraphQL('mutation { updateProductQuantity(id: 4, quantity: 0) { errors { code } } }', {});
    await seenOnB(mark, readers, {
      page: (html) => html.includes('https://schema.org/OutOfStock'),
      graphQL: (read) => read?.quantity === 0 && read.inStock === false,
      rest: (read) => read?.quantity === 0,
    });
  });

  it('a new product', async () => {
    const { id: nextId } = singleRow(
      await a.orm.em
        .fork()
        .getConnection()
        .execute<{ id: number }[]>('select last_value + 1 as id from products_id_seq'),
    );
    const readers = readersOn(b, Number(nextId));
    // B has answered "no such product" (and cached the 404 page) before it exists.
    await warm({ ...readers, page: async () => ({ ...(await readers.page()), status: 200 }) });
    expect((await readers.page()).status).toBe(404);
    const { categories } = await adminGraphQL<{ categories: { id: number; slug: string }[] }>(
      '{ categories { id slug } }',
      {},
    );
    // B's category page (a POST, uncached) with its count, read twice so B keeps the list reads (decision 0093).
    const categoryPage = async () =>
      (
        await b.graphql<{ products: { id: number }[]; productsCount: number }>(
          `query ($filter: ProductFilter!) { products(filter: $filter, sort: NEWEST, limit: 5) { id } productsCount(filter: $filter) }`,
          { filter: { categorySlug: categories[0]!.slug } },
        )
      ).data!;
    await categoryPage();
    const listedBefore = await categoryPage();
    expect(b.listReads.size).toBeGreaterThanOrEqual(2);
    const image = await smallPng(3);
    const mark = heardMark();
    const created = await uploadGraphQL<{ createProduct: { product: { id: number } | null; errors: unknown[] } }>(
      a,
      admin.auth,
      `mutation ($input: ProductInput!, $images: [Upload!]!) {
        createProduct(input: $input, images: $images) { product { id } errors { code } } }`,
      {
        input: {
          name: 'Cedar Rain',
          description: 'Cedar after a storm.',
          categoryIds: categories.slice(0, 1).map((category) => category.id),
          priceCents: 310_000,
          quantity: 7,
          onSale: false,
          salePriceCents: null,
        },
        images: [null],
      },
      [{ variable: 'images.0', name: 'cedar.png', data: image }],
    );
    expect(created.data?.createProduct.errors).toEqual([]);
    expect(created.data?.createProduct.product?.id).toBe(Number(nextId));
    await seenOnB(mark, readers, {
      page: (html) => html.includes('Cedar Rain'),
      graphQL: (read) => read?.name === 'Cedar Rain',
      rest: (read) => read?.price === 3100,
    });
    const listedAfter = await categoryPage();
    expect(listedAfter.products[0]?.id).toBe(Number(nextId));
    expect(listedAfter.productsCount).toBe(listedBefore.productsCount + 1);
  });

  it('a review', async () => {
    const reviewsQuery = `/graphql?query=${encodeURIComponent('{ reviews { id name } }')}`;
    const cachedReviews = async () =>
      (await b.http.get(reviewsQuery).set('apollo-require-preflight', 'true')).body.data.reviews as { name: string }[];
    const restReviews = async () => (await b.http.get('/api/reviews/list')).body.data as { name: string }[];
    await cachedReviews();
    await restReviews();
    const mark = heardMark();
    await a.http
      .post('/api/reviews/add')
      .send({ name: 'Njeri', rating: 5, title: 'Lovely', fullReview: 'Lasts all day.' })
      .expect(201);
    await heardOnBAfter(mark, (change) => change.reviewsChanged === true);
    expect((await cachedReviews()).map((review) => review.name)).toContain('Njeri');
    expect((await restReviews()).map((review) => review.name)).toContain('Njeri');
  });
});

describe('what a change drops', () => {
  it("an order's stock change drops that product's cached page on the other instance, not an unrelated one", async () => {
    const ordered = readersOn(b, 5);
    const unrelated = readersOn(b, 6);
    await warm(ordered);
    await warm(unrelated);
    const before = (await ordered.cachedGraphQL()) as ProductRead;
    const shopper = await createSignedInUser(a);
    await placeOrderFor(a, shopper, [[5, 1]]);
    await until(ordered.cachedGraphQL, (read) => (read as ProductRead).quantity === before.quantity - 1);
    const page = await ordered.page();
    expect(page.cache).toBeUndefined();
    expect((await ordered.page()).cache).toBe('HIT');
    // The unrelated product's page and data are still the cached copies.
    expect((await unrelated.page()).cache).toBe('HIT');
    const unrelatedData = await b.http
      .get(`/graphql?query=${encodeURIComponent(productQuery(6))}`)
      .set('apollo-require-preflight', 'true');
    expect(unrelatedData.headers['x-cache']).toBe('HIT');
  });

  it('an answer is tagged with what it was made from', async () => {
    // Kept from its second request (decision 0071).
    await b.http.get('/api/products/list?limit=100').expect(200);
    await b.http.get('/api/products/list?limit=100').expect(200);
    const key = `data:/graphql?query=${encodeURIComponent(productQuery(6))}`;
    expect(b.responseCache.tagsOf(key)).toEqual(['product:6']);
    expect(b.responseCache.tagsOf('data:/api/products/list?limit=100')).toEqual(
      expect.arrayContaining(['product-list', 'product:1', 'product:19']),
    );
  });
});

describe('delivery', () => {
  it('never delivers a change announced in a transaction that rolled back', async () => {
    await expect(
      a.orm.em.fork().transactional(async (em) => {
        await announceCatalogueChange(em, { productIds: [900_001] });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A committed change sent afterwards arrives: by then the rolled-back one would have too.
    // A transaction that announces, commits and waits to hear itself.
    await a.catalogueChanged({ productIds: [900_002] });
    await until(
      async () => heardOnB,
      (heard) => heard.some((change) => change.productIds?.includes(900_002)),
    );
    expect(heardOnB.some((change) => change.productIds?.includes(900_001))).toBe(false);
  });

  it('reconnects a dropped LISTEN connection and drops the whole cache', async () => {
    const listeners = async () =>
      (
        await a.orm.em.fork().getConnection().execute<{ pid: number }[]>(
          // Each instance's listener names the instance after the role (decision 0107).
          "select pid from pg_stat_activity where application_name like ? || '/%' and datname = current_database()",
          [listenerApplicationName],
        )
      ).map((row) => row.pid);
    const before = await listeners();
    expect(before).toHaveLength(2);
    await warm(readersOn(b, 7));
    expect(b.responseCache.size).toBeGreaterThan(0);

    await a.orm.em
      .fork()
      .getConnection()
      .execute('select pg_terminate_backend(pid) from pg_stat_activity where pid in (?)', [before]);
    await until(listeners, (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)));
    await until(
      async () => b.events.listening,
      (listening) => listening,
    );
    expect(b.responseCache.size).toBe(0);

    // And changes flow again.
    const readers = readersOn(b, 7);
    await warm(readers);
    const mark = heardMark();
    await adminGraphQL('mutation { updateProductQuantity(id: 7, quantity: 3) { errors { code } } }', {});
    await seenOnB(mark, readers, {
      page: (html) => html.includes('https://schema.org/InStock'),
      graphQL: (read) => read?.quantity === 3,
      rest: (read) => read?.quantity === 3,
    });
  });
});
