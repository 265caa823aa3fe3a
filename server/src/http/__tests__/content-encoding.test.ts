import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestShop, type TestShop } from '../../../test/test-shop';

/**
 * Issue 23 finding 10: a cached answer went out as Brotli to a client that said `Accept-Encoding: br;q=0` (the
 * cache looked for the word "br"), and the direct path gzipped for `gzip;q=0`. Both now read the q-values as
 * Express's compression middleware does. Issue 24: the direct path answered gzip where Apollo answered Brotli;
 * one rule (content-encoding.ts) now chooses for the cache, the direct path and Express alike.
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

function decoded(answer: RawAnswer): unknown {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

// Accept-Encoding, then what every answer (cached, direct or through Apollo) is encoded with.
const cases: [string, 'br' | 'gzip' | undefined][] = [
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['gzip, br', 'br'],
  ['BR', 'br'],
  ['br;q=0', undefined],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0.5, gzip', 'gzip'],
  ['gzip;q=0', undefined],
  ['gzip;q=0, br', 'br'],
  ['gzip;q=0, br;q=0', undefined],
  ['*', 'br'],
  ['*;q=0', undefined],
  ['identity', undefined],
  ['identity;q=0, *;q=0', undefined],
  ['deflate', undefined],
];

describe('a cached GraphQL GET', () => {
  const url = `/graphql?query=${encodeURIComponent('{ products { id name description } }')}`;
  const preflight = { 'apollo-require-preflight': 'true' };
  let reference: unknown;

  beforeAll(async () => {
    // Asked for twice, so the cache keeps it (decision 0071).
    await raw('GET', url, { ...preflight, 'accept-encoding': 'identity' });
    const first = await raw('GET', url, { ...preflight, 'accept-encoding': 'identity' });
    expect(first.status).toBe(200);
    reference = decoded(first);
    expect(first.body.length).toBeGreaterThan(1024);
  });

  it.each(cases)('Accept-Encoding %j: %s', async (accept, expected) => {
    const answer = await raw('GET', url, { ...preflight, 'accept-encoding': accept });
    expect(answer.headers['x-cache']).toBe('HIT');
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(decoded(answer)).toEqual(reference);
  });
});

describe('an anonymous POST on the direct path', () => {
  const body = JSON.stringify({ query: '{ products { id name description } }' });
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  let reference: unknown;

  beforeAll(async () => {
    const first = await raw('POST', '/graphql', json, body);
    expect(first.status).toBe(200);
    reference = decoded(first);
    expect(first.body.length).toBeGreaterThan(1024);
  });

  it.each(cases)('Accept-Encoding %j: %s', async (accept, expected) => {
    const answer = await raw('POST', '/graphql', { ...json, 'accept-encoding': accept }, body);
    // The direct path writes no ETag (Express's send() does): the answer did not come through Apollo.
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(decoded(answer)).toEqual(reference);
  });
});

describe('a POST through Apollo', () => {
  const body = JSON.stringify({ query: '{ products { id name description } }' });
  // A Content-Encoding on the request (identity changes nothing) sends it past the direct path, to Express and Apollo.
  const json = { 'content-type': 'application/json', accept: 'application/json', 'content-encoding': 'identity' };
  let reference: unknown;

  beforeAll(async () => {
    const first = await raw('POST', '/graphql', json, body);
    expect(first.status).toBe(200);
    reference = decoded(first);
  });

  it.each(cases)('Accept-Encoding %j: %s', async (accept, expected) => {
    const answer = await raw('POST', '/graphql', { ...json, 'accept-encoding': accept }, body);
    expect(answer.headers.etag).toBeDefined();
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(decoded(answer)).toEqual(reference);
  });
});
