// The Content-Security-Policy in a real browser: every kind of page the shop serves (storefront, shopper,
// admin, explorer, the payment stand-in) renders and works without chromium refusing anything.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signIn, signInAsAdmin } from './support/accounts.mjs';
import { graphql, openPage, pageGraphql, useBrowser } from './support/browser.mjs';

const browser = useBrowser();

/**
 * A fresh page that records every CSP refusal: the violation events the document fires (added before any of
 * the page's own code runs) and chromium's "Refused to …" console messages, which also cover what happens
 * before a document exists (e.g. a refused frame).
 */
async function watchedPage() {
  const { context, page, pageErrors } = await openPage(browser());
  const violations = [];
  await context.exposeBinding('__reportViolation', (_source, text) => violations.push(text));
  // Runs in the page, before its own scripts (its globals through globalThis: this file is linted as Node's).
  await context.addInitScript(() => {
    const { document, location } = globalThis;
    document.addEventListener('securitypolicyviolation', (event) =>
      globalThis.__reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      ),
    );
  });
  context.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { context, page, pageErrors, violations };
}

/** Opens `route`, waits for `ready`, and fails on any CSP refusal or uncaught error on the way. */
async function expectClean(page, violations, pageErrors, route, ready) {
  const response = await page.goto(route);
  assert.ok(response, `no response for ${route}`);
  const policy = response.headers()['content-security-policy'];
  assert.match(policy ?? '', /script-src 'self'/, `${route} has no script-src 'self'`);
  assert.doesNotMatch(policy, /script-src [^;]*'unsafe-/, `${route} allows unsafe scripts`);
  await ready(page);
  // Late refusals (lazy chunks, images, the first client-side requests) surface within a moment.
  await page.waitForLoadState('networkidle');
  assert.deepEqual(violations, [], `CSP refused something on ${route}`);
  assert.deepEqual(pageErrors, [], `${route} threw`);
}

test('storefront pages load without a CSP refusal', async () => {
  const { context, page, pageErrors, violations } = await watchedPage();
  try {
    await expectClean(page, violations, pageErrors, '/', (p) =>
      p.getByRole('region', { name: 'New Arrivals' }).getByRole('article').first().waitFor(),
    );
    await expectClean(page, violations, pageErrors, '/category/for-women', (p) =>
      p.getByRole('heading', { level: 1 }).first().waitFor(),
    );
    await expectClean(page, violations, pageErrors, '/product/1', (p) =>
      p
        .getByRole('button', { name: /add to cart/i })
        .first()
        .waitFor(),
    );
    await expectClean(page, violations, pageErrors, '/cart', (p) => p.getByRole('heading', { level: 1 }).waitFor());
    await expectClean(page, violations, pageErrors, '/account', (p) =>
      p.getByRole('form', { name: 'Login' }).waitFor(),
    );
    await expectClean(page, violations, pageErrors, '/reset-password?token=not-a-real-token', (p) =>
      p.getByRole('heading', { level: 1 }).waitFor(),
    );
  } finally {
    await context.close();
  }
});

test('the admin area and the GraphQL explorer work without a CSP refusal', async () => {
  const { context, page, pageErrors, violations } = await watchedPage();
  try {
    await signInAsAdmin(page);
    await expectClean(page, violations, pageErrors, '/oxalis', (p) =>
      p.getByRole('heading', { name: 'Dashboard' }).waitFor(),
    );
    await expectClean(page, violations, pageErrors, '/oxalis/inventory', (p) =>
      p.getByRole('navigation', { name: 'Admin' }).waitFor(),
    );
    // GraphiQL: Monaco's <style> elements and workers, under the policy /graphql alone loosens (decision 0032).
    await expectClean(page, violations, pageErrors, '/graphql', (p) =>
      p.locator('.graphiql-query-editor .monaco-editor').waitFor(),
    );
    await page.locator('.graphiql-query-editor .monaco-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{ productsCount');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Enter');
    await page.locator('.result-window').getByText('"productsCount"').waitFor();
    assert.deepEqual(violations, [], 'CSP refused something while GraphiQL ran a query');
  } finally {
    await context.close();
  }
});

test("the payment stand-in's page and its way back to the shop pass the CSP", async () => {
  const account = await createAccount('csp');
  const [{ products }, { deliveryLocations }] = await Promise.all([
    graphql('{ products(limit: 20) { id inStock } }'),
    graphql('{ deliveryLocations { id } }'),
  ]);
  const product = products.find((candidate) => candidate.inStock);
  assert.ok(product, 'no product in stock');
  const { context, page, pageErrors, violations } = await watchedPage();
  try {
    await signIn(page, account.email, account.password);
    await pageGraphql(page, 'mutation ($id: Int!) { addToCart(productId: $id, quantity: 1) { errors { message } } }', {
      id: product.id,
    });
    const { createOrder } = await pageGraphql(
      page,
      'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { order { id } errors { message } } }',
      {
        input: {
          deliveryLocationId: deliveryLocations[0].id,
          shipping: {
            name: 'Wanjiru Kamau',
            email: account.email,
            phone: '0712345678',
            address: '12 Riverside Drive',
            city: 'Nairobi',
            postalCode: '00100',
          },
        },
      },
    );
    assert.deepEqual(createOrder.errors, []);
    const { initializePayment } = await pageGraphql(
      page,
      'mutation ($id: ID!) { initializePayment(orderId: $id) { authorizationUrl errors { message } } }',
      { id: String(createOrder.order.id) },
    );
    assert.deepEqual(initializePayment.errors, []);
    await expectClean(page, violations, pageErrors, initializePayment.authorizationUrl, (p) =>
      p.getByRole('button', { name: 'Pay', exact: true }).waitFor(),
    );
    // Its form posts back to the shop, which sends the browser on to the order's callback page.
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/callback');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(violations, [], 'CSP refused something on the way back from the stand-in');
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});
