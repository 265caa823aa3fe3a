import type { Response } from 'supertest';
import { writeClientDist } from '../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../test/test-shop';

let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
let shop: TestShop;
let secureShop: TestShop;

beforeAll(async () => {
  clientDist = await writeClientDist({
    'graphiql.html': '<!doctype html><title>GraphiQL</title>',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/main.js': 'export {};',
  });
  [shop, secureShop] = await Promise.all([
    startTestShop({ env: { CLIENT_DIST: clientDist.dir } }),
    startTestShop({
      seed: false,
      env: {
        CLIENT_DIST: clientDist.dir,
        PUBLIC_URL: 'https://manukato.example',
        GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([shop?.close(), secureShop?.close()]);
  await clientDist?.remove();
});

/** The Content-Security-Policy header as directive → sources. */
function policyOf(response: Response): Record<string, string[]> {
  const header = response.headers['content-security-policy'] as string | undefined;
  expect(header).toBeDefined();
  return Object.fromEntries(
    header!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** `inlineStyles`: paths under /graphql, where GraphiQL's editor adds <style> elements (decision 0032). */
function expectProtected(response: Response, inlineStyles = false): void {
  const policy = policyOf(response);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['script-src-attr']).toEqual(["'none'"]);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  if (inlineStyles) expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  else expect(policy['style-src']).not.toContain("'unsafe-inline'");
  expect(response.headers['content-security-policy']).not.toContain('accounts.google.com');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Over plain http (the default PUBLIC_URL) a browser would ignore HSTS; it is not sent at all.
  expect(response.headers['strict-transport-security']).toBeUndefined();
  expect(policy['upgrade-insecure-requests']).toBeUndefined();
}

describe('security headers', () => {
  it('protect storefront pages, including those the response cache answers', async () => {
    for (const route of ['/', '/product/1', '/category/for-women', '/reset-password', '/no-such-page']) {
      const first = await shop.http.get(route).set('accept', 'text/html');
      expectProtected(first);
    }
    // Kept from its second request (decision 0071), answered from the cache from the third.
    await shop.http.get('/product/1').set('accept', 'text/html').expect(200);
    const cached = await shop.http.get('/product/1').set('accept', 'text/html').expect(200);
    expect(cached.headers['x-cache']).toBe('HIT');
    expectProtected(cached);
  });

  it('protect API answers: Apollo, the direct GraphQL path, REST and errors', async () => {
    const direct = await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: '{ productsCount }' })
      .expect(200);
    expect(direct.body).toEqual({ data: { productsCount: expect.any(Number) } });
    expectProtected(direct, true);
    const mutation = await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: 'mutation { logout { ok } }' });
    expectProtected(mutation, true);
    expectProtected(await shop.http.get('/api/categories/list').expect(200));
    expectProtected(await shop.http.get('/api/nothing/here').expect(404));
    expectProtected(await shop.http.get('/healthz').expect(200));
  });

  it('protect static files, the explorer and the payment stand-in', async () => {
    expectProtected(await shop.http.get('/assets/main.js').expect(200));
    expectProtected(await shop.http.get('/favicon.svg').expect(200));
    expectProtected(await shop.http.get('/graphql').set('accept', 'text/html').expect(200), true);
    const upload = await shop.http.get('/uploads/category-for-women.webp').expect(200);
    expectProtected(upload);
    // Pictures may be shown by other sites (link previews, webmail); nothing else may be read cross-origin.
    expect(upload.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await shop.http.get('/favicon.svg')).headers['cross-origin-resource-policy']).toBe('same-origin');
    // The stand-in's page styles itself inline; its scripts are as strict as everywhere else.
    const standIn = await shop.http.get('/paystack-simulator/pay/unknown');
    const policy = policyOf(standIn);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('leave no inline script in a page: data and settings are JSON data blocks', async () => {
    const html = (await shop.http.get('/product/1').set('accept', 'text/html').expect(200)).text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const attributes of scripts) {
      expect(attributes).toMatch(/\bsrc="|type="application\/(json|ld\+json)"/);
    }
    expect(html).toContain(
      '<script id="__MANUKATO_CONFIG__" type="application/json">{"paymentTestMode":true}</script>',
    );
    expect(html).toContain('<script id="__APOLLO_DATA__" type="application/json">');
  });

  it('add HSTS, upgrade-insecure-requests and Google sign-in origins only when configured', async () => {
    const response = await secureShop.http.get('/login').set('accept', 'text/html').expect(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = policyOf(response);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(policy['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(policy['style-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
    expect(policy['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // Google's sign-in popup reports back to the page that opened it.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.text).toContain(
      '<script id="__MANUKATO_CONFIG__" type="application/json">{"googleClientId":"client-123.apps.googleusercontent.com","paymentTestMode":true}</script>',
    );
    const api = await secureShop.http.get('/api/categories/list').expect(200);
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
