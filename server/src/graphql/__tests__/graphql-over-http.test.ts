import { auditServer, type AuditResult } from 'graphql-http';
import { sessionCookieName } from '../../modules/accounts/sessions';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser } from '../../../test/users';

// GraphQL over HTTP conformance (decision 0040): graphql-http's server audit against the real shop, and the
// direct path (http/direct-queries.ts: anonymous JSON POSTs) answering every audit request exactly as Apollo does.

let shop: TestShop;
let signedInCookie: string;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
  signedInCookie = `${sessionCookieName}=${(await createSignedInUser(shop)).token}`;
});
afterAll(() => shop.close());

/** A session cookie no session has: still anonymous. */
const unknownSessionCookie = `${sessionCookieName}=no-such-session`;
/**
 * The direct path takes only unencoded JSON POSTs (http/direct-queries.ts): a Content-Encoding, identity
 * changing nothing, sends the same request through Express and Apollo.
 */
const throughApollo = { 'content-encoding': 'identity' };

interface Answer {
  status: number;
  body: string;
}

/** One request the audit sent and the anonymous answer it got. */
interface Exchange extends Answer {
  url: string;
  init: RequestInit;
}

/** Sends the request again through Apollo, with `cookie` added. */
async function resend({ url, init }: Exchange, cookie: string): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookie);
  if (init.body !== undefined && init.body !== null) headers.set('content-encoding', throughApollo['content-encoding']);
  const response = await fetch(url, { ...init, headers });
  return { status: response.status, body: await response.text() };
}

/** What tells two answers apart in a failure message: the request and the answer. */
function requestLine(exchange: Exchange): string {
  return `${exchange.init.method ?? 'GET'} ${exchange.url} ${String(exchange.init.body ?? '')}`;
}

let results: AuditResult[];
const exchanges: Exchange[] = [];

beforeAll(async () => {
  // The audit's fetch: every request and its answer are recorded on the way through.
  const fetchFn = async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(url, init);
    exchanges.push({ url: String(url), init, status: response.status, body: await response.clone().text() });
    return response;
  };
  results = await auditServer({ url: `${shop.url}/graphql`, fetchFn });
});

describe('graphql-http server audit', () => {
  it('passes every MUST', () => {
    const musts = results.filter((result) => result.name.startsWith('MUST'));
    expect(musts.length).toBeGreaterThanOrEqual(13);
    const failed = musts.filter((result) => result.status !== 'ok');
    expect(failed.map((result) => `${result.id} ${result.name}: ${'reason' in result ? result.reason : ''}`)).toEqual(
      [],
    );
  });

  it('falls short only where the shop chose to (decision 0040)', () => {
    const short = results.filter((result) => result.status !== 'ok').map((result) => result.name);
    expect(short.sort()).toEqual([
      // GETs without a preflight-forcing header are refused by Apollo's CSRF prevention (csrfPrevention: true).
      'MAY accept application/x-www-form-urlencoded formatted GET requests',
      'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json',
      'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json',
      // Apollo answers a request that fails before execution with 400 whatever the Accept header says.
      'SHOULD use 200 status code on document parsing failure when accepting application/json',
      'SHOULD use 200 status code on document validation failure when accepting application/json',
      'SHOULD use a status code of 200 on variable coercion failure when accepting application/json',
    ]);
  });

  it('gets the same answer from Apollo as from the direct path, with or without a session', async () => {
    expect(exchanges.length).toBeGreaterThanOrEqual(results.length);
    for (const exchange of exchanges) {
      const anonymous = { status: exchange.status, body: exchange.body };
      // Apollo for the same anonymous request, then for a signed-in visitor (audits ask only for __typename).
      expect({ request: requestLine(exchange), ...(await resend(exchange, unknownSessionCookie)) }).toEqual({
        request: requestLine(exchange),
        ...anonymous,
      });
      expect({ request: requestLine(exchange), ...(await resend(exchange, signedInCookie)) }).toEqual({
        request: requestLine(exchange),
        ...anonymous,
      });
    }
  });
});

describe('request bodies Apollo refuses', () => {
  const json = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };
  // Each was answered 200 by the direct path while Apollo, given the same body with a session, answered 400.
  it.each([
    ['extensions as a string', { query: '{ __typename }', extensions: '{}' }],
    ['extensions as an array', { query: '{ __typename }', extensions: [] }],
    ['variables as an array', { query: '{ __typename }', variables: [] }],
    ['variables as a string', { query: '{ __typename }', variables: '{}' }],
    ['operationName as an array', { query: '{ __typename }', operationName: [] }],
    ['operationName as a number', { query: 'query A { __typename }', operationName: 1 }],
    // Apollo reads persisted queries from extensions: a hash that does not match the text is refused.
    [
      'a persisted-query hash that does not match the query',
      { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } },
    ],
  ])('%s: 400 from both paths, with the same body', async (_name, body) => {
    const direct = await shop.http.post('/graphql').set(json).send(body);
    const apollo = await shop.http
      .post('/graphql')
      .set({ ...json, ...throughApollo, cookie: unknownSessionCookie })
      .send(body);
    expect(apollo.status).toBe(400);
    expect({ status: direct.status, body: direct.text }).toEqual({ status: apollo.status, body: apollo.text });
  });

  it('still answers well-formed bodies, with null or empty fields, on the direct path as Apollo does', async () => {
    for (const body of [
      { query: '{ __typename }', variables: null, operationName: null, extensions: null },
      { query: 'query A { __typename }', variables: {}, operationName: 'A', extensions: {} },
    ]) {
      const direct = await shop.http.post('/graphql').set(json).send(body);
      const apollo = await shop.http
        .post('/graphql')
        .set({ ...json, ...throughApollo, cookie: unknownSessionCookie })
        .send(body);
      expect(direct.status).toBe(200);
      expect(direct.text).toBe(apollo.text);
    }
  });
});
