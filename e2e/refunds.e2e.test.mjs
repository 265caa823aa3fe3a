// Refunds in a real browser against the built shop (`npm run test:e2e -- refunds`): a shopper pays an order on the
// Paystack stand-in's page; the admin refunds half of it from the Orders page (amount, reason, confirmation);
// the stand-in processes it and reports it by webhook; the admin's list and the shopper's My Orders both show it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { createAccount, signIn, signInAsAdmin } from './support/accounts.mjs';
import { escapeRegExp, graphql, ksh, openPage, pageGraphql, useBrowser } from './support/browser.mjs';

const browser = useBrowser();

/** Signed in as a new shopper, with one order placed through the API and paid on the stand-in's page. */
async function paidOrder(page) {
  const { products } = await graphql('{ products(limit: 40) { id quantity inStock } }');
  const product = products.find((candidate) => candidate.inStock && candidate.quantity >= 3);
  assert.ok(product, 'the seed should have a product with stock');
  const account = await createAccount('refund', { first: 'Njeri', last: `Refund${randomUUID().slice(0, 4)}` });
  await signIn(page, account.email, account.password);
  await pageGraphql(page, 'mutation ($id: Int!) { addToCart(productId: $id, quantity: 2) { errors { message } } }', {
    id: product.id,
  });
  const { deliveryLocations } = await pageGraphql(page, '{ deliveryLocations { id } }');
  const { createOrder } = await pageGraphql(
    page,
    `mutation ($input: CreateOrderInput!) { createOrder(input: $input) { order { id totalCents } errors { message } } }`,
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
  const { initializePayment } = await pageGraphql(
    page,
    'mutation ($id: ID!) { initializePayment(orderId: $id) { authorizationUrl errors { message } } }',
    { id: createOrder.order.id },
  );
  assert.deepEqual(initializePayment.errors, []);
  await page.goto(new URL(initializePayment.authorizationUrl).pathname);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/callback');
  return createOrder.order;
}

test('the admin refunds half of a paid order, and the admin and the shopper both see it', async () => {
  const shopper = await openPage(browser());
  const admin = await openPage(browser());
  try {
    const order = await paidOrder(shopper.page);
    const shortId = order.id.slice(0, 8);
    const half = Math.floor(order.totalCents / 2);

    await signInAsAdmin(admin.page);
    await admin.page.goto('/oxalis/orders');
    await admin.page.getByRole('searchbox', { name: 'Search orders' }).fill(shortId);
    const row = admin.page.getByRole('row', { name: `Order ${shortId}` });
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Refund order ${shortId}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Refund Order' });
    const amount = dialog.getByLabel('Amount (Ksh)');
    assert.equal(await amount.inputValue(), ksh(order.totalCents).replace('Ksh ', ''));
    await amount.fill(ksh(half).replace('Ksh ', ''));
    await dialog.getByLabel('Reason').fill('One bottle arrived broken');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText(`Refund ${ksh(half)} of order #${shortId}`).waitFor();
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Partly refunded', { exact: true }).waitFor();
    await row.getByText(`${ksh(half)} back`).waitFor();

    await shopper.page.goto('/my-orders');
    const orderButton = shopper.page.getByRole('button', { name: new RegExp(`^Order #${escapeRegExp(shortId)}`) });
    await orderButton.click();
    const details = shopper.page.getByRole('region', { name: `Order ${shortId} details` });
    await details.getByText('M-Pesa · Partly refunded').waitFor();
    await details.getByText(ksh(half), { exact: true }).waitFor();

    assert.deepEqual(shopper.pageErrors, []);
    assert.deepEqual(admin.pageErrors, []);
  } finally {
    await shopper.context.close();
    await admin.context.close();
  }
});
