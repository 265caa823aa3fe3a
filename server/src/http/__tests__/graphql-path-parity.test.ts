import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestShop, type TestShop } from '../../../test/test-shop';

/**
 * Issue 24: the direct path (direct-queries.ts) and the response cache answer public GraphQL queries without
 * Apollo. Whatever path answers, the caller sees the same status, body, and the headers that matter: the same
 * encoding and `Vary`, its own request id echoed, the same media type and caching. Each request here is sent to
 * the fast path and to Apollo: a POST without and with a request Content-Encoding (identity changes nothing, and the
 * direct path leaves every encoded body to Express and Apollo); a GET asked for a third time (a response-cache hit)
 * and for the first time (Apollo, the cache keeps an answer from its second request: 0071).
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, because supertest and fetch decompress before the test could see the bytes. */
function raw(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${shop.url}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

function text(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return bytes.toString('utf8');
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a caller can tell apart; the request id compared with what was sent, or as a fresh one. */
function seen(answer: RawAnswer, sentId: string | undefined) {
  const id = answer.headers['x-request-id'];
  return {
    status: answer.status,
    body: text(answer),
    contentType: answer.headers['content-type'],
    contentEncoding: answer.headers['content-encoding'],
    vary: answer.headers.vary,
    requestId: sentId === undefined ? typeof id === 'string' && uuid.test(id) : id,
    cacheControl: answer.headers['cache-control'],
  };
}

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { inner: value };
  return value;
}

interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** 200 for an answer the fast path gives itself; anything else is Apollo's on both. */
  status: number;
}

const cases: Case[] = [
  {
    name: 'the product list (the storefront’s cached query)',
    query: `query List($limit: Int) {
      products(limit: $limit) { id name description priceCents salePriceCents images { url } categories { slug } }
    }`,
    variables: { limit: 12 },
    status: 200,
  },
  {
    name: 'one product',
    query: 'query One($id: Int!) { product(id: $id) { id name description } }',
    variables: { id: 3 },
    status: 200,
  },
  {
    name: 'a category by slug with its products',
    query:
      '{ category(slug: "for-women") { title } products(filter: { categorySlug: "for-women" }, limit: 3) { id name } }',
    status: 200,
  },
  {
    name: 'a query over the cost limit',
    query: '{ products(limit: 100000) { id categories { id } images { id } } }',
    status: 400,
  },
  { name: 'a malformed query', query: '{ products { id ', status: 400 },
  { name: 'an unknown field', query: '{ products { id nope } }', status: 400 },
  {
    name: 'a NUL in a variable (the input guard)',
    query: 'query ($q: String) { products(filter: { search: $q }) { id } }',
    variables: { q: 'ro\u0000se' },
    status: 400,
  },
  {
    name: 'a variable nested too deeply (the input guard)',
    query: 'query ($id: Int!) { product(id: $id) { id } }',
    variables: { id: 3, deep: nested(80) },
    status: 400,
  },
];

const encodings: (string | undefined)[] = [undefined, 'br', 'gzip', 'identity', 'gzip, deflate, br', 'deflate'];
const requestIds: (string | undefined)[] = [undefined, 'parity-check.42'];
const variants = encodings.flatMap((encoding) => requestIds.map((requestId) => ({ encoding, requestId })));
const all = cases.flatMap((entry) => variants.map((variant) => ({ ...entry, ...variant })));

function headersFor(encoding: string | undefined, requestId: string | undefined): Record<string, string> {
  return {
    accept: 'application/graphql-response+json, application/json',
    ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
    ...(requestId === undefined ? {} : { 'x-request-id': requestId }),
  };
}

describe('a POST: the direct path and Apollo answer alike', () => {
  it.each(all)('$name, Accept-Encoding $encoding, X-Request-Id $requestId', async (entry) => {
    const headers = { ...headersFor(entry.encoding, entry.requestId), 'content-type': 'application/json' };
    const body = JSON.stringify({ query: entry.query, variables: entry.variables });
    // Twice on the direct path: the first run on graphql-js, later ones compiled (graphql-jit).
    const direct = [await raw('POST', '/graphql', headers, body), await raw('POST', '/graphql', headers, body)];
    const apollo = await raw('POST', '/graphql', { ...headers, 'content-encoding': 'identity' }, body);
    expect(apollo.status).toBe(entry.status);
    // Express's send() tags what it writes with an ETag; the direct path writes its own answers.
    expect(apollo.headers.etag).toBeDefined();
    for (const answer of direct) {
      if (entry.status === 200) expect(answer.headers.etag).toBeUndefined();
      expect(seen(answer, entry.requestId)).toEqual(seen(apollo, entry.requestId));
    }
    if (entry.requestId) expect(apollo.headers['x-request-id']).toBe(entry.requestId);
  });

  it('a body over Express’s limit: the same 413 both ways', async () => {
    const body = JSON.stringify({ query: '{ products { id } }', variables: { pad: 'x'.repeat(1_100_000) } });
    const headers = { ...headersFor('br', 'too-long.1'), 'content-type': 'application/json' };
    const direct = await raw('POST', '/graphql', headers, body);
    const apollo = await raw('POST', '/graphql', { ...headers, 'content-encoding': 'identity' }, body);
    expect(direct.status).toBe(413);
    expect(seen(direct, 'too-long.1')).toEqual(seen(apollo, 'too-long.1'));
  });
});

describe('a GET: the response cache and Apollo answer alike', () => {
  it.each(all.map((entry, index) => ({ ...entry, index })))(
    '$name, Accept-Encoding $encoding, X-Request-Id $requestId',
    async (entry) => {
      const headers = { ...headersFor(entry.encoding, entry.requestId), 'apollo-require-preflight': 'true' };
      // A comment of its own per request: a new cache key, the same operation.
      const query = `${entry.query}\n# ${entry.index}`;
      const variables = entry.variables ? `&variables=${encodeURIComponent(JSON.stringify(entry.variables))}` : '';
      const path = `/graphql?query=${encodeURIComponent(query)}${variables}`;
      const apollo = await raw('GET', path, headers);
      await raw('GET', path, headers);
      const third = await raw('GET', path, headers);
      expect(apollo.status).toBe(entry.status);
      expect(apollo.headers['x-cache']).toBeUndefined();
      // Only a complete public answer is kept; the rest is Apollo's every time.
      expect(third.headers['x-cache']).toBe(entry.status === 200 ? 'HIT' : undefined);
      expect(seen(third, entry.requestId)).toEqual(seen(apollo, entry.requestId));
      if (entry.requestId) expect(third.headers['x-request-id']).toBe(entry.requestId);
    },
  );
});
