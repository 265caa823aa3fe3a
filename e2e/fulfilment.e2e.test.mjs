// Issue 27 against the built shop: a shopper pays by card; a staff member the owner invited marks the order packed,
// out for delivery with a rider, and delivered; after each step the shopper has a text with the tracking link and
// the tracking page shows the step; the owner finds the staff member's steps in the audit log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signIn, signInAsAdmin, submitLogin } from './support/accounts.mjs';
import { violations } from './support/axe.mjs';
import { graphql, pageGraphql, useBrowser, withPage } from './support/browser.mjs';
import { cartToShipping, fillAddress, payByCard } from './support/checkout.mjs';
import { uniquePhone, waitForSms } from './support/sms-outbox.mjs';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const browser = useBrowser();

async function facts() {
  const { products } = await graphql('{ products(sort: PRICE_LOW_TO_HIGH, limit: 40) { id name quantity } }');
  const product = products.find((candidate) => candidate.quantity >= 3);
  assert.ok(product, 'the seed should have a product in stock');
  const { deliveryLocations } = await graphql('{ deliveryLocations { id name } }');
  return { product, location: deliveryLocations[0] };
}

async function expectNoViolations(page, what) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    assert.deepEqual(await violations(page), [], `${what} at ${size.width}×${size.height}`);
  }
  await page.setViewportSize(PHONE);
}

/** The tracking page's steps, as the shopper reads them. */
async function trackedSteps(page, token) {
  await page.goto(`/track/${token}`);
  const steps = page.getByRole('list', { name: 'Order progress' });
  await steps.waitFor();
  return (await steps.locator('.fulfilment-steps__title').allTextContents()).map((title) => title.trim());
}

test('a staff member takes a paid order to the door; the shopper is told and can follow it; the owner sees who', async () => {
  const { product, location } = await facts();
  const shopper = await createAccount('tracked');
  const staff = await createAccount('packer', { first: 'Baraka', last: 'Packer' });
  const phone = uniquePhone();
  let order;

  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, shopper.email, shopper.password);
    const shipping = await cartToShipping(page, { product, location });
    await fillAddress(shipping, { phone: phone.typed });
    await payByCard(page, shipping);
    [order] = (await pageGraphql(page, '{ myOrders { id trackingToken stageLabel } }')).myOrders;
    assert.equal(order.stageLabel, 'Paid — being prepared');
    await page.goto('/my-orders');
    await page
      .getByRole('button', { name: new RegExp(`Order #${order.id.slice(0, 8)}`) })
      .getByText('Paid — being prepared')
      .waitFor();
    assert.deepEqual(await trackedSteps(page, order.trackingToken), ['Order placed', 'Paid — being prepared']);
    await expectNoViolations(page, 'the tracking page');
  });
  const short = order.id.slice(0, 8);

  // The owner makes the account staff.
  await withPage(browser(), async ({ page }) => {
    await signInAsAdmin(page);
    const { inviteStaff } = await pageGraphql(
      page,
      'mutation ($email: String) { inviteStaff(email: $email, role: STAFF) { errors { message } } }',
      { email: staff.email },
    );
    assert.deepEqual(inviteStaff.errors, []);
  });

  await withPage(browser(), async ({ context, page }) => {
    await page.setViewportSize(PHONE);
    // A team member signs in to the admin area, not the storefront (decision 0102).
    await page.goto('/login');
    await submitLogin(page, staff.email, staff.password);
    await page.waitForURL((url) => url.pathname === '/oxalis');
    const tracking = await context.newPage();
    const fulfil = async () => {
      await page.goto('/oxalis/orders');
      await page.getByRole('button', { name: `Fulfil order ${short}`, exact: true }).click();
      return page.getByRole('dialog', { name: `Fulfil order #${short}` });
    };

    let dialog = await fulfil();
    await dialog.getByRole('list', { name: `Order ${short} steps` }).waitFor();
    await expectNoViolations(page, 'the fulfilment dialog');
    await dialog.getByRole('button', { name: 'Mark packed', exact: true }).click();
    await page.getByText(`Order #${short}: packed`).waitFor();
    assert.match(await waitForSms(phone.e164, /is packed/), new RegExp(`/track/${order.trackingToken}`));
    assert.deepEqual((await trackedSteps(tracking, order.trackingToken)).at(-1), 'Packed');

    dialog = await fulfil();
    await dialog.getByLabel("Rider's name", { exact: true }).fill('Otieno');
    await dialog.getByLabel("Rider's phone", { exact: true }).fill('0722 000 111');
    await dialog.getByRole('button', { name: 'Send out for delivery', exact: true }).click();
    await page.getByText(`Order #${short}: out for delivery`).waitFor();
    assert.match(await waitForSms(phone.e164, /on its way with/), /with Otieno, \+254722000111/);
    assert.deepEqual((await trackedSteps(tracking, order.trackingToken)).at(-1), 'Out for delivery');
    await tracking.getByRole('link', { name: '+254722000111', exact: true }).waitFor();

    dialog = await fulfil();
    await dialog.getByRole('button', { name: 'Mark delivered', exact: true }).click();
    await page.getByText(`Order #${short}: delivered`).waitFor();
    await waitForSms(phone.e164, /has been delivered/);
    assert.deepEqual(await trackedSteps(tracking, order.trackingToken), [
      'Order placed',
      'Paid — being prepared',
      'Packed',
      'Out for delivery',
      'Delivered',
    ]);
    // Delivered: nobody needs the rider's number any more.
    assert.equal(await tracking.getByRole('link', { name: '+254722000111' }).count(), 0);
    // A staff member cannot refund: the button is not there, and the server refuses the call.
    await page.goto('/oxalis/orders');
    await page.getByRole('button', { name: `Update status of order ${short}`, exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: `Refund order ${short}`, exact: true }).count(), 0);
    await assert.rejects(
      pageGraphql(page, 'mutation ($id: ID!) { refundOrder(orderId: $id, reason: "x") { errors { message } } }', {
        id: order.id,
      }),
      /FORBIDDEN/,
    );
  });

  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsAdmin(page);
    await page.goto('/oxalis/audit');
    const entries = page.getByRole('table', { name: 'Audit log entries' });
    await entries.waitFor();
    const rows = entries.getByRole('row').filter({ hasText: 'Baraka Packer' }).filter({ hasText: order.id });
    const actions = (await rows.locator('td:nth-child(3)').allTextContents()).map((text) => text.trim());
    assert.deepEqual(actions.sort(), ['markOrderDelivered', 'markOrderPacked', 'markOutForDelivery']);
  });
});
