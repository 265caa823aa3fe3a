// The admin area in a real browser against the built shop (run through `npm run test:e2e -- admin`): a
// customer places an order through the API; the admin signs in, uploads a product with two images (watching
// the progress bar move under a throttled upload), edits stock inline, marks the order delivered and sees
// Total Sales grow by its total on the dashboard, then signs out for real (/oxalis sends them away after).
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import sharp from 'sharp';
import { createAccount, expectSentToLogin, signIn, signInAsAdmin } from './support/accounts.mjs';
import { graphql, ksh, openPage, pageGraphql, useBrowser } from './support/browser.mjs';

const browser = useBrowser();

/** A PNG of random pixels: real image content that does not compress, so the upload takes a while. */
async function noisyPng(name, side = 420) {
  const buffer = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Reads until `read` returns `expected` (5 s): the server's truth after the UI said it saved, or a row's value. */
async function eventually(read, expected, what) {
  let last;
  for (let attempt = 0; attempt < 50; attempt++) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(last, expected, what);
}

/** A customer's pending order, placed through the API: what the admin will mark delivered. */
async function placeCustomerOrder() {
  const { products } = await graphql('{ products(limit: 40) { id name quantity inStock } }');
  const product = products.find((candidate) => candidate.inStock && candidate.quantity >= 3);
  assert.ok(product, 'the seed should have a product with stock');
  const account = await createAccount('admin-order', { first: 'Wairimu', last: `Order${randomUUID().slice(0, 4)}` });
  const { context, page } = await openPage(browser());
  try {
    await signIn(page, account.email, account.password);
    await pageGraphql(page, 'mutation ($id: Int!) { addToCart(productId: $id, quantity: 1) { errors { message } } }', {
      id: product.id,
    });
    const { deliveryLocations } = await pageGraphql(page, '{ deliveryLocations { id } }');
    const { createOrder } = await pageGraphql(
      page,
      `mutation ($input: CreateOrderInput!) {
        createOrder(input: $input) { order { id totalCents status } errors { field message } }
      }`,
      {
        input: {
          deliveryLocationId: deliveryLocations[0].id,
          paymentMethod: 'mpesa',
          shipping: {
            name: `${account.first} ${account.last}`,
            email: account.email,
            phone: '0712 345 678',
            address: '12 Riverside Drive',
            city: 'Nairobi',
            postalCode: '00100',
          },
        },
      },
    );
    assert.deepEqual(createOrder.errors, []);
    assert.equal(createOrder.order.status, 'pending');
    return createOrder.order;
  } finally {
    await context.close();
  }
}

/** The figure on a dashboard card ('Total Sales' → 'Ksh 1,234.00'). */
function dashboardFigure(page, title) {
  // The figure's paragraph, not the note under it (Total Sales says it counts delivered orders only).
  return page
    .getByRole('list', { name: 'Figures' })
    .getByRole('listitem', { name: title })
    .locator('p.admin-cards__figure');
}

test('the admin uploads a product, edits stock, delivers an order, sees Total Sales move and signs out', async () => {
  const order = await placeCustomerOrder();
  const { context, page, pageErrors } = await openPage(browser());
  try {
    // Signed out, /oxalis sends the visitor to the login screen, which brings them back once signed in.
    await signInAsAdmin(page, '/oxalis');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Welcome back, Shop').waitFor();
    const salesBefore = await dashboardFigure(page, 'Total Sales').innerText();
    const { dashboard } = await pageGraphql(page, '{ dashboard { totalSalesCents } }');
    assert.equal(salesBefore, ksh(dashboard.totalSalesCents));

    // Upload Product: two images, sent while the upload is throttled so the progress bar has time to move.
    const productName = `E2E Vetiver ${randomUUID().slice(0, 6)}`;
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Upload Product' }).click();
    const form = page.getByRole('form', { name: 'Upload product' });
    await form.getByLabel('Product Name', { exact: true }).fill(productName);
    await form.getByRole('checkbox', { name: 'FOR MEN', exact: true }).check();
    await form.getByLabel('Price (Ksh)', { exact: true }).fill('2750');
    await form.getByLabel('Quantity', { exact: true }).fill('8');
    await form.getByLabel('Description', { exact: true }).fill('Smoky vetiver with grapefruit.');
    await form
      .getByLabel('Product Images', { exact: true })
      .setInputFiles([await noisyPng('front.png'), await noisyPng('side.png')]);
    await form.getByRole('img', { name: 'Preview of side.png' }).waitFor();
    await form.getByRole('button', { name: 'Move side.png left' }).click();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await form.getByRole('button', { name: 'Upload Product' }).click();
    const progress = form.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    // Part-way: the XMLHttpRequest's upload events reached the bar.
    await form.getByText(/^Uploading images… ([1-9]|[1-9]\d)%$/).waitFor();
    await form.getByRole('status').filter({ hasText: 'Product created successfully' }).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    assert.equal(await progress.getAttribute('value'), '100');

    const { adminProducts } = await pageGraphql(
      page,
      'query ($search: String) { adminProducts(search: $search) { products { id name priceCents quantity images { id } } totalCount } }',
      { search: productName },
    );
    assert.equal(adminProducts.totalCount, 1);
    const created = adminProducts.products[0];
    assert.equal(created.priceCents, 275_000);
    assert.equal(created.quantity, 8);
    assert.equal(created.images.length, 2);

    // Inventory: the new product's stock edited inline.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(productName);
    const row = page.getByRole('row', { name: productName });
    const quantity = row.getByRole('spinbutton', { name: `Quantity of ${productName}` });
    await quantity.fill('25');
    await quantity.press('Enter');
    // The new quantity shows once Apollo's optimistic answer renders, which a loaded machine can delay past the
    // next step: "+" adds one to what the row shows, so it waits for 25 first.
    await eventually(() => quantity.inputValue(), '25', 'the row should show the typed quantity');
    await row.getByRole('button', { name: `Increase quantity of ${productName}` }).click();
    await eventually(() => quantity.inputValue(), '26', 'the row should show the increased quantity');
    const readQuantity = async () =>
      (await pageGraphql(page, 'query ($id: Int!) { product(id: $id) { quantity } }', { id: created.id })).product
        .quantity;
    await eventually(readQuantity, 26, 'the server should hold the quantity typed in the inventory');

    // Orders: the customer's order marked delivered through the status dialog.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    const shortId = String(order.id).slice(0, 8);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(shortId);
    const orderRow = page.getByRole('row', { name: `Order ${shortId}` });
    await orderRow.getByText('Pending', { exact: true }).waitFor();
    await orderRow.getByRole('button', { name: `Update status of order ${shortId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Order Status' });
    await dialog.getByRole('radio', { name: 'Delivered' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await orderRow.getByText('Delivered', { exact: true }).waitFor();

    // Dashboard: Total Sales grew by exactly that order's total.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await dashboardFigure(page, 'Total Sales')
      .filter({ hasText: ksh(dashboard.totalSalesCents + order.totalCents) })
      .waitFor();

    // Inventory: the new product deleted after the confirmation (it is in no order: deleted, not archived), so
    // the shop the other browser tests see is the sample catalogue again.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(productName);
    await page.getByRole('button', { name: `Delete ${productName}` }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete Product' });
    await confirmDelete.getByText('Are you sure you want to delete this product?').waitFor();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('row', { name: productName }).waitFor({ state: 'detached' });
    const { product: deleted } = await pageGraphql(page, 'query ($id: Int!) { product(id: $id) { id } }', {
      id: created.id,
    });
    assert.equal(deleted, null);

    // Sign out for real: the server forgets the session, and /oxalis no longer opens.
    await page.getByRole('button', { name: 'Profile' }).click();
    const logout = page.getByRole('dialog', { name: 'Confirm Logout' });
    await logout.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    const { me } = await pageGraphql(page, '{ me { id } }');
    assert.equal(me, null);
    await expectSentToLogin(page, '/oxalis');
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('a signed-in customer is sent home from /oxalis, and the server refuses them the admin API', async () => {
  const account = await createAccount('not-admin');
  const { context, page, pageErrors } = await openPage(browser());
  try {
    await signIn(page, account.email, account.password);
    await page.goto('/oxalis/orders');
    await page.waitForURL((url) => url.pathname === '/');
    await assert.rejects(pageGraphql(page, '{ dashboard { totalProducts } }'), /FORBIDDEN|not allowed|Forbidden/i);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});
