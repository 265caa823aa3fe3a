// The lazily loaded admin area, in a real browser against the built shop (GraphiQL: graphiql.e2e.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectSentToLogin, signInAsAdmin } from './support/accounts.mjs';
import { openPage, useBrowser } from './support/browser.mjs';

const browser = useBrowser();

/**
 * Every JavaScript file a page loads for `route` (in a fresh page of its context), with the status it came
 * back with. `prepare` runs first in another page of the same context, e.g. to sign in.
 */
async function scriptsLoadedBy(route, waitForReady, prepare) {
  const { context, page: firstPage, pageErrors } = await openPage(browser());
  if (prepare) {
    try {
      await prepare(firstPage);
    } catch (error) {
      await context.close();
      throw error;
    }
  }
  // A new page starts with an empty memory cache, so it downloads everything `route` needs.
  const page = prepare ? await context.newPage() : firstPage;
  if (prepare) page.on('pageerror', (error) => pageErrors.push(error.message));
  const scripts = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(new URL(response.url()).pathname, response.status());
    }
  });
  try {
    const response = await page.goto(route);
    await waitForReady(page);
    return { status: response?.status(), scripts, page, context, pageErrors };
  } catch (error) {
    await context.close();
    throw error;
  }
}

test('/oxalis sends a signed-out visitor to the login screen', async () => {
  const { context, page, pageErrors } = await openPage(browser());
  try {
    await expectSentToLogin(page, '/oxalis');
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('/oxalis loads the admin area as a separate chunk and renders it for the admin', async () => {
  // The storefront must not carry the admin code: compare what each route downloads.
  const storefront = await scriptsLoadedBy('/', (page) =>
    page.getByRole('region', { name: 'New Arrivals' }).getByRole('article').first().waitFor(),
  );
  await storefront.context.close();

  const admin = await scriptsLoadedBy(
    '/oxalis',
    (page) => page.getByRole('heading', { name: 'Dashboard' }).waitFor(),
    signInAsAdmin,
  );
  try {
    assert.equal(admin.status, 200);
    const adminOnly = [...admin.scripts.keys()].filter((script) => !storefront.scripts.has(script));
    assert.ok(
      adminOnly.length > 0,
      `expected /oxalis to load a chunk the home page does not; it loaded ${[...admin.scripts.keys()].join(', ')}`,
    );
    for (const script of adminOnly) assert.equal(admin.scripts.get(script), 200, `${script} did not load`);

    // What the lazily loaded layout and dashboard render.
    const nav = admin.page.getByRole('navigation', { name: 'Admin' });
    for (const label of ['Dashboard', 'Upload Product', 'Inventory', 'Orders', 'Transactions']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    // The admin account the shop creates at start is called Shop (server/src/modules/accounts).
    await admin.page.getByText('Welcome back, Shop').waitFor();
    for (const card of ['Total Products', 'Pending Orders', 'Total Sales']) {
      await admin.page.getByRole('heading', { name: card }).waitFor();
    }
    assert.deepEqual(admin.pageErrors, []);
  } finally {
    await admin.context.close();
  }
});
