import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../test/users';
import { splitCacheBudget } from '../../shared/cache-budget';
import { aliasBomb, fragmentBomb, typenameAliases } from './hostile-documents';

/**
 * Issue 10, findings 1 and 2: documents whose fragments multiply (the depth check once walked every
 * expansion: minutes of CPU) or whose size made the cost estimator give up (the query then ran unchecked:
 * answers of 33 MB). Each must be refused quickly, with a GraphQL error, on every way into the API.
 */
const json = { 'content-type': 'application/json', accept: 'application/json' };
const refusalCodes = ['GRAPHQL_PARSE_FAILED', 'QUERY_TOO_COMPLEX'];
const refusalMessage = /tokens|limit/;

interface Refusal {
  status: number;
  code: unknown;
  message: unknown;
}

/**
 * No wall-clock bounds (speed lives in `npm run bench`): the old code took 3 s (22 levels) to 13+ minutes
 * (200 levels) of CPU per document, which each test's timeout (below) turns into a failure.
 */
const refusalTimeoutMs = 20_000;

async function timed(request: PromiseLike<{ status: number; body: unknown; text: string }>): Promise<Refusal> {
  const response = await request;
  const body = JSON.parse(response.text) as { errors?: { message?: string; extensions?: { code?: string } }[] };
  return {
    status: response.status,
    code: body.errors?.[0]?.extensions?.code,
    message: body.errors?.[0]?.message,
  };
}

type Entry = (shop: TestShop, query: string) => PromiseLike<{ status: number; body: unknown; text: string }>;

let signedIn: TestUser;
const entries = {
  // An anonymous JSON POST of a public query: the direct path (http/direct-queries.ts) takes it first.
  'anonymous POST (direct path)': (shop, query) => shop.http.post('/graphql').set(json).send({ query }),
  // A Content-Encoding (identity changes nothing) sends a request through Express and Apollo.
  'POST through Apollo': (shop, query) =>
    shop.http
      .post('/graphql')
      .set({ ...json, 'content-encoding': 'identity' })
      .send({ query }),
  'signed-in POST': (shop, query) => shop.http.post('/graphql').set(json).set(signedIn.auth).send({ query }),
  // The storefront's cached GET (the response cache, then Apollo).
  GET: (shop, query) =>
    shop.http.get('/graphql').query({ query }).set({ accept: 'application/json', 'apollo-require-preflight': 'true' }),
} satisfies Record<string, Entry>;
const entryNames = Object.keys(entries) as (keyof typeof entries)[];

function expectRefused(refusal: Refusal) {
  expect(refusal).toMatchObject({ status: 400 });
  expect(refusalCodes).toContain(refusal.code);
  expect(refusal.message).toMatch(refusalMessage);
}

describe('hostile documents at the default limits', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
    signedIn = await createSignedInUser(shop);
  });
  afterAll(() => shop.close());

  // GET carries the document in its URL (16 KB of headers at most): only the smaller attacks fit there.
  const documents: { name: string; query: string; get: boolean }[] = [
    { name: 'a 22-level fragment bomb', query: fragmentBomb(22), get: true },
    { name: 'a 200-level fragment bomb', query: fragmentBomb(200), get: false },
    { name: 'a 120-level fragment bomb', query: fragmentBomb(120), get: true },
    { name: '2,100 aliases over one fragment', query: aliasBomb(2100), get: false },
    { name: '9,000 aliases over one fragment', query: aliasBomb(9000), get: false },
    { name: '300 aliases over one fragment', query: aliasBomb(300), get: true },
    { name: '400 aliases of __typename', query: typenameAliases(400), get: true },
  ];
  const cases = documents.flatMap((document) =>
    entryNames.filter((entry) => entry !== 'GET' || document.get).map((entry) => ({ ...document, entry })),
  );

  it.each(cases)(
    '$name is refused through $entry',
    async ({ query, entry }) => {
      expectRefused(await timed(entries[entry](shop, query)));
    },
    refusalTimeoutMs,
  );

  it.each(entryNames)(
    'aliases of __typename count like any other through %s: 31 are refused, 30 answered',
    async (entry) => {
      const over = await timed(entries[entry](shop, typenameAliases(31)));
      expect(over).toEqual({
        status: 400,
        code: 'QUERY_TOO_COMPLEX',
        message: 'Query is too complex: 31 aliases exceed the limit of 30.',
      });
      const within = await entries[entry](shop, typenameAliases(30));
      expect(within.status).toBe(200);
      expect(JSON.parse(within.text).data.t0).toBe('Query');
    },
  );

  it('still answers the client’s own queries', async () => {
    const response = await shop.http
      .post('/graphql')
      .set(json)
      .send({ query: '{ products(limit: 24) { id name images { id url } categories { id name } } }' })
      .expect(200);
    expect(response.body.data.products.length).toBeGreaterThan(0);
  });
});

describe('hostile documents with the token limit raised out of the way', () => {
  // The depth, alias and cost rules themselves must be linear in the document and never give up.
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { GRAPHQL_MAX_TOKENS: '20000' } });
    signedIn = await createSignedInUser(shop);
  });
  afterAll(() => shop.close());

  const documents = [
    { name: 'a 200-level fragment bomb', query: fragmentBomb(200), code: 'QUERY_TOO_COMPLEX' },
    { name: 'a 1,800-level fragment bomb', query: fragmentBomb(1800), code: 'QUERY_TOO_COMPLEX' },
    { name: '2,100 aliases over one fragment', query: aliasBomb(2100), code: 'QUERY_TOO_COMPLEX' },
  ];
  const cases = documents.flatMap((document) =>
    (['anonymous POST (direct path)', 'POST through Apollo', 'signed-in POST'] as const).map((entry) => ({
      ...document,
      entry,
    })),
  );

  it.each(cases)(
    '$name is refused by its limit through $entry',
    async ({ query, entry, code }) => {
      const refusal = await timed(entries[entry](shop, query));
      expectRefused(refusal);
      expect(refusal.code).toBe(code);
    },
    refusalTimeoutMs,
  );

  it('the cost of a fragment bomb is refused even when it is too big to count', async () => {
    const refusal = await timed(entries['POST through Apollo'](shop, fragmentBomb(1100)));
    expect(refusal.message).toBe('Query is too complex: cost beyond counting exceeds the limit of 2500.');
  });

  it(
    '/healthz answers promptly while attacks are in flight',
    async () => {
      const attacks = Array.from({ length: 4 }, (_, index) =>
        timed(entries['POST through Apollo'](shop, index % 2 ? aliasBomb(2100) : fragmentBomb(1800))),
      );
      await shop.http.get('/healthz').expect(200);
      for (const refusal of await Promise.all(attacks)) expectRefused(refusal);
    },
    refusalTimeoutMs,
  );
});

describe('introspection and the explorer switched off', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ seed: false, env: { GRAPHQL_INTROSPECTION: 'false', GRAPHQL_EXPLORER: 'false' } });
    signedIn = await createSignedInUser(shop);
  });
  afterAll(() => shop.close());

  it.each(entryNames)('introspection is refused through %s', async (entry) => {
    for (const query of [
      '{ __schema { queryType { name } } }',
      '{ products { id } __type(name: "Product") { name } }',
    ]) {
      const response = await entries[entry](shop, query);
      expect(response.status).toBe(400);
      const body = JSON.parse(response.text);
      expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(body.errors[0].message).toMatch(/introspection has been disabled/);
    }
  });

  it('ordinary queries (with __typename) still work', async () => {
    const response = await shop.http
      .post('/graphql')
      .set(json)
      .send({ query: '{ categories { id __typename } }' })
      .expect(200);
    expect(response.body.data.categories.length).toBeGreaterThan(0);
  });

  it('a browser opening /graphql gets no explorer page', async () => {
    const response = await shop.http.get('/graphql').set('accept', 'text/html');
    expect(response.text).not.toContain('GraphiQL');
    expect(response.headers['content-type']).not.toMatch(/text\/html/);
  });
});

describe('caches within their byte budget (finding 3)', () => {
  let shop: TestShop;
  const budget = splitCacheBudget(4 * 1024 * 1024);
  beforeAll(async () => {
    shop = await startTestShop({ env: { CACHE_MAX_MB: '4' } });
  });
  afterAll(() => shop.close());

  it('distinct large public queries and variable sets: the direct path keeps at most its share', async () => {
    // A comment is not a token: each text is ~40 KB of which the parser reads a few tokens.
    const padding = `# ${'x'.repeat(40_000)}\n`;
    let sent = 0;
    for (let index = 0; index < 120; index += 1) {
      const query = `${padding}query Q${index}($n: Int) { products(limit: $n) { id name } }`;
      // Each sent twice: a text or variable set is kept from its second sight (decision 0071).
      for (let time = 0; time < 2; time += 1) {
        const response = await shop.http
          .post('/graphql')
          .set(json)
          .send({ query, variables: { n: 2, unused: index, padding: 'y'.repeat(20_000) } })
          .expect(200);
        expect(response.body.data.products).toHaveLength(2);
      }
      sent += query.length;
      expect(shop.directQueryCacheBytes()).toBeLessThanOrEqual(budget.directQueries);
    }
    expect(sent).toBeGreaterThan(4 * budget.directQueries);
    expect(shop.directQueryCacheBytes()).toBeGreaterThan(budget.directQueries / 2);
  });

  it('distinct cached GET answers with their compressed copies: the response cache keeps at most its share', async () => {
    // Eight copies of the catalogue's page: ~60 KB an answer.
    const copies = Array.from({ length: 8 }, (_, copy) => `c${copy}: products(limit: $n) { id name description }`);
    const query = `query Big($n: Int) { ${copies.join(' ')} }`;
    let sent = 0;
    for (let index = 0; index < 250; index += 1) {
      const get = () =>
        shop.http
          .get('/graphql')
          .query({ query, variables: JSON.stringify({ n: 19, unused: index }) })
          .set({ accept: 'application/json', 'apollo-require-preflight': 'true', 'accept-encoding': 'br, gzip' });
      // Kept from its second request (decision 0071).
      const first = await get().expect(200);
      await get().expect(200);
      const hit = await get().expect(200);
      expect(hit.headers['x-cache']).toBe('HIT');
      sent += first.text.length;
      expect(shop.responseCache.calculatedBytes).toBeLessThanOrEqual(budget.responses);
    }
    expect(sent).toBeGreaterThan(2 * budget.responses);
    expect(shop.responseCache.size).toBeLessThan(250);
  });
});
