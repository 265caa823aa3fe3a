import { writeClientDist } from '../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../test/test-shop';

let shop: TestShop;
let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
beforeAll(async () => {
  clientDist = await writeClientDist({
    'index.html': '<!doctype html><title>Manukato</title><div id="root"></div>',
    'graphiql.html': '<!doctype html><title>GraphiQL</title>',
  });
  shop = await startTestShop({ seed: false, env: { CLIENT_DIST: clientDist.dir } });
});
afterAll(async () => {
  await shop.close();
  await clientDist?.remove();
});

describe('the one process', () => {
  it('reports liveness at /healthz and readiness, with a database check, at /readyz', async () => {
    expect((await shop.http.get('/readyz').expect(200)).body).toEqual({ status: 'ready', database: 'ok' });
    expect((await shop.http.get('/healthz').expect(200)).body).toEqual({ status: 'ok', database: 'ok' });
  });

  it.each(['/', '/new-arrivals', '/category/for-women', '/oxalis/inventory', '/my-orders'])(
    'serves the client for the known route %s with 200',
    async (route) => {
      const response = await shop.http.get(route).set('accept', 'text/html').expect(200);
      expect(response.text).toContain('<div id="root">');
    },
  );

  it.each(['/no-such-page', '/product', '/oxalis/unknown', '/product/1/extra'])(
    'serves the client for the unknown path %s with 404',
    async (route) => {
      const response = await shop.http.get(route).set('accept', 'text/html').expect(404);
      expect(response.text).toContain('<div id="root">');
    },
  );

  it('gives browsers the bundled explorer at GET /graphql and API clients GraphQL', async () => {
    const page = await shop.http.get('/graphql').set('accept', 'text/html').expect(200);
    expect(page.text).toContain('GraphiQL');
    const api = await shop.http
      .get('/graphql')
      .query({ query: '{ productsCount }' })
      .set('accept', 'application/json')
      .set('apollo-require-preflight', 'true')
      .expect(200);
    expect(api.body).toEqual({ data: { productsCount: 0 } });
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const echoed = await shop.http.get('/healthz').set('x-request-id', 'trace-123');
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    const made = await shop.http.get('/healthz').set('x-request-id', 'bad id with spaces');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the REST error envelope', () => {
  it('answers malformed JSON with 400 and a readable message', async () => {
    const response = await shop.http
      .post('/api/reviews/add')
      .set('content-type', 'application/json')
      .send('{"name": "A", ')
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'The request body is not valid JSON.',
      code: 'BAD_USER_INPUT',
    });
  });

  it('answers an unknown API call with 404 in the envelope', async () => {
    const response = await shop.http.get('/api/nothing/here').expect(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers a bad page size with 400, not 500', async () => {
    const response = await shop.http.get('/api/products/list?limit=abc').expect(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_USER_INPUT' });
  });
});

describe('GraphQL protection', () => {
  it('refuses a GET mutation-less query without a preflight header (CSRF prevention)', async () => {
    const response = await shop.http
      .get('/graphql')
      .query({ query: '{ productsCount }' })
      .set('accept', 'application/json');
    expect(response.status).toBe(400);
  });

  it('parses multipart requests (graphql-upload) only with a CSRF preflight header', async () => {
    const operations = JSON.stringify({ query: '{ productsCount }' });
    const blocked = await shop.http.post('/graphql').field('operations', operations).field('map', '{}');
    expect(blocked.status).toBe(400);
    expect(blocked.text).toMatch(/CSRF/i);
    const allowed = await shop.http
      .post('/graphql')
      .set('apollo-require-preflight', 'true')
      .field('operations', operations)
      .field('map', '{}')
      .expect(200);
    expect(allowed.body).toEqual({ data: { productsCount: 0 } });
  });

  it('refuses an operation deeper than the limit', async () => {
    const nested = (levels: number): string => (levels === 0 ? 'name' : `ofType { ${nested(levels - 1)} }`);
    const deep = `{ __type(name: "Product") { ${nested(16)} } }`;
    const { errors } = await shop.graphql(deep);
    expect(errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(errors?.[0]?.message).toMatch(/too deep/);
  });

  it('refuses an operation costlier than the limit', async () => {
    const aliases = Array.from(
      { length: 40 },
      (_, index) => `p${index}: products(limit: 100) { id name images { id url } }`,
    ).join(' ');
    const { errors } = await shop.graphql(`{ ${aliases} }`);
    expect(errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(errors?.[0]?.message).toMatch(/too complex/);
  });

  it('reports bad variables as BAD_USER_INPUT', async () => {
    const { errors } = await shop.graphql('query ($id: Int!) { product(id: $id) { id } }', { id: 'one' });
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('abuse the reviewer found', () => {
  it('a HEAD request does not blank the cached page for later visitors', async () => {
    await shop.http.head('/').set('accept', 'text/html').expect(200);
    const page = await shop.http.get('/').set('accept', 'text/html').expect(200);
    expect(page.text).toContain('<div id="root">');
  });

  it.each([
    ['application/x-www-form-urlencoded', 'email=a%40b.co&password=secret'],
    ['text/plain', '{"email":"a@b.co","password":"secret"}'],
  ])('refuses a %s POST (what a cross-site form can send) with 415', async (type, body) => {
    const response = await shop.http.post('/api/users/login').set('content-type', type).send(body).expect(415);
    expect(response.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
