import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser } from '../../../test/users';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const json = { 'content-type': 'application/json', accept: 'application/json' };
// A Content-Encoding (identity changes nothing) sends a request through Express and Apollo: the reference answer.
const throughApollo = { ...json, 'content-encoding': 'identity' };

const publicQueries: { name: string; query: string; variables?: Record<string, unknown> }[] = [
  {
    name: 'a filtered, sorted page of products with nested images and categories',
    query: `query Page($filter: ProductFilter, $sort: ProductSort, $limit: Int, $offset: Int) {
      products(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {
        id name category priceCents salePriceCents onSale effectivePriceCents inStock quantity createdAt
        images { id url srcSet width height } categories { id name slug }
      }
      productsCount(filter: $filter)
    }`,
    variables: {
      filter: { categorySlug: 'for-women', availability: ['IN_STOCK'] },
      sort: 'PRICE_HIGH_TO_LOW',
      limit: 4,
      offset: 1,
    },
  },
  {
    name: 'one product through a fragment, with __typename',
    query: `query One($id: Int!) { product(id: $id) { ...Card __typename } }
      fragment Card on Product { id name description images { id url __typename } }`,
    variables: { id: 3 },
  },
  { name: 'a missing product (null, no error)', query: '{ product(id: 99999) { id name } }' },
  {
    name: 'categories and a category by alias',
    query: '{ categories { id name slug } category(slug: "kids") { title } }',
  },
  {
    name: 'reviews and their stats',
    query: '{ reviews(limit: 3) { id name rating title } reviewStats { count averageRating } }',
  },
  {
    name: 'new arrivals and delivery locations',
    query: '{ newArrivals { id name } deliveryLocations { id name feeCents } }',
  },
];

describe('public queries sent as POST', () => {
  it.each(publicQueries)('answer $name exactly as Apollo does', async ({ query, variables }) => {
    // The first time a query text runs on graphql-js, from the second on compiled (graphql-jit): both checked.
    const first = await shop.http.post('/graphql').set(json).send({ query, variables }).expect(200);
    const direct = await shop.http.post('/graphql').set(json).send({ query, variables }).expect(200);
    const reference = await shop.http.post('/graphql').set(throughApollo).send({ query, variables }).expect(200);
    expect(direct.body.errors).toBeUndefined();
    expect(first.text).toBe(reference.text);
    expect(direct.text).toBe(reference.text);
    expect(direct.headers['content-type']).toBe(reference.headers['content-type']);
    // Express's send() tags every answer it writes; the direct path writes its own.
    expect(reference.headers.etag).toBeDefined();
    expect(direct.headers.etag).toBeUndefined();
  });

  it('picks the media type from Accept as Apollo does', async () => {
    const query = '{ categories { id } }';
    for (const accept of ['application/graphql-response+json', 'application/json', '*/*']) {
      const direct = await shop.http
        .post('/graphql')
        .set({ ...json, accept })
        .send({ query })
        .expect(200);
      const reference = await shop.http
        .post('/graphql')
        .set({ ...throughApollo, accept })
        .send({ query });
      expect(direct.headers['content-type']).toBe(reference.headers['content-type']);
    }
    const refused = await shop.http
      .post('/graphql')
      .set({ ...json, accept: 'text/csv' })
      .send({ query });
    expect(refused.status).toBe(406);
  });

  it('sees a catalogue change at once (it reads the same database)', async () => {
    const query = '{ product(id: 5) { id name } }';
    const before = await shop.http.post('/graphql').set(json).send({ query }).expect(200);
    await shop.orm.em.fork().getConnection().execute("update products set name = 'Renamed 5' where id = 5");
    await shop.catalogueChanged();
    const after = await shop.http.post('/graphql').set(json).send({ query }).expect(200);
    expect(before.body.data.product.name).not.toBe('Renamed 5');
    expect(after.body.data.product.name).toBe('Renamed 5');
  });
});

describe('signed-in callers', () => {
  it('get the public answer without a session lookup, and a revoked session is still refused where it matters', async () => {
    const user = await createSignedInUser(shop);
    const query = '{ products(limit: 5) { id name priceCents } }';
    const anonymous = await shop.http.post('/graphql').set(json).send({ query }).expect(200);
    const signedIn = await shop.statements.measure(() =>
      shop.http.post('/graphql').set(json).set(user.auth).send({ query }).expect(200),
    );
    expect(signedIn.result.body).toEqual(anonymous.body);
    expect(signedIn.sql.some((sql) => sql.includes('"sessions"'))).toBe(false);

    const me = () => shop.http.post('/graphql').set(json).set(user.auth).send({ query: '{ me { id } }' }).expect(200);
    expect((await me()).body.data.me).toEqual({ id: user.id });
    await shop.orm.em.fork().getConnection().execute('update sessions set revoked_at = now() where revoked_at is null');
    expect((await me()).body.data.me).toBeNull();
    const afterRevoke = await shop.http.post('/graphql').set(json).set(user.auth).send({ query }).expect(200);
    expect(afterRevoke.body).toEqual(anonymous.body);
  });
});

describe('what the direct path hands to Apollo, with Apollo’s answer', () => {
  const post = (body: unknown) =>
    shop.http
      .post('/graphql')
      .set(json)
      .send(body as object);

  it('variables of the wrong type: 400 BAD_USER_INPUT', async () => {
    const response = await post({ query: 'query ($id: Int!) { product(id: $id) { id } }', variables: { id: 'x' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('an unknown field: 400 GRAPHQL_VALIDATION_FAILED; a syntax error: 400 GRAPHQL_PARSE_FAILED', async () => {
    const invalid = await post({ query: '{ products { id nope } }' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const broken = await post({ query: '{ products { id ' });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('a query over the cost limit: QUERY_TOO_COMPLEX', async () => {
    const response = await post({ query: '{ products(limit: 100000) { id categories { id } images { id } } }' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('a mutation and a signed-in query still work', async () => {
    const review = await post({
      query: 'mutation ($input: ReviewInput!) { createReview(input: $input) { review { id } errors { message } } }',
      variables: { input: { name: 'Wanjiru', rating: 5, title: 'Lovely', fullReview: 'Smells of rain.' } },
    }).expect(200);
    expect(review.body.data.createReview.errors).toEqual([]);
    const me = await post({ query: '{ me { id } }' }).expect(200);
    expect(me.body.data.me).toBeNull();
  });

  it('a body that is not a JSON object: the same 400 as before', async () => {
    for (const body of ['{"query": ', '42']) {
      const response = await shop.http.post('/graphql').set(json).send(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
    }
  });
});
