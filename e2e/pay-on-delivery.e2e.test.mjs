// Issue 26 on a phone (375×812) against the built shop: a shopper in Nairobi chooses "Pay on delivery" and places
// the order unpaid; at the door the admin presses "Request M-Pesa payment", the Paystack stand-in's phone approves,
// and the order shows paid. The owner's delivery page and the door dialog are checked by axe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signIn, signInAsAdmin } from './support/accounts.mjs';
import { violations } from './support/axe.mjs';
import { graphql, ksh, pageGraphql, useBrowser, withPage } from './support/browser.mjs';
import { cartToShipping, fillAddress } from './support/checkout.mjs';

const PHONE = { width: 375, height: 812 };
const browser = useBrowser();

/** A number no other test prompts: the stand-in's phone page lists this order's prompt alone. */
function freshPhone() {
  return `0798${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

/** A product with stock to spare, under the Ksh 20,000 a rider may carry unpaid, and a location offering it. */
async function facts() {
  const { products } = await graphql(
    '{ products(sort: PRICE_LOW_TO_HIGH, limit: 40) { id name quantity effectivePriceCents } }',
  );
  const product = products.find((candidate) => candidate.quantity >= 3 && candidate.effectivePriceCents < 1_500_000);
  assert.ok(product, 'the seed should have an affordable product in stock');
  const { deliveryLocations } = await graphql('{ deliveryLocations { id name payOnDelivery } }');
  const location = deliveryLocations.find((candidate) => candidate.payOnDelivery);
  assert.ok(location, 'a sample Nairobi location offers pay on delivery');
  return { product, location };
}

test('pay on delivery: placed unpaid, then paid at the door by an M-Pesa prompt the admin sends', async () => {
  const { product, location } = await facts();
  const account = await createAccount('door');
  const phone = freshPhone();
  let order;
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, account.email, account.password);
    const shipping = await cartToShipping(page, { product, location });
    await fillAddress(shipping, { phone });
    await shipping.getByRole('button', { name: 'Continue to Payment', exact: true }).click();

    const payment = page.getByRole('dialog', { name: 'Payment Method' });
    await payment.getByRole('radio', { name: 'Pay on delivery', exact: true }).check();
    await page.waitForLoadState('networkidle');
    await noViolationsAtBothSizes(page, 'the payment step with pay on delivery');
    await payment.getByRole('button', { name: 'Place Order', exact: true }).click();
    await payment.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();

    [order] = (await pageGraphql(page, '{ myOrders { id totalCents paymentMethod paymentState } }')).myOrders;
    assert.deepEqual(
      [order.paymentMethod, order.paymentState],
      ['on_delivery', 'to_collect'],
      'placed unpaid, to be collected at the door',
    );
    assert.equal(
      (await payment.getByRole('status').textContent()).trim(),
      `Pay ${ksh(order.totalCents)} when it arrives, by M-Pesa or cash.`,
    );
  });

  await withPage(browser(), async ({ context, page }) => {
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await page.goto('/oxalis/orders');
    await page.getByLabel('Payment', { exact: true }).selectOption('to_collect');
    await page.getByRole('button', { name: `Collect payment for order ${order.id.slice(0, 8)}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Collect payment' });
    await dialog.getByText(`${ksh(order.totalCents)} to collect.`, { exact: false }).waitFor();
    await page.waitForLoadState('networkidle');
    await noViolationsAtBothSizes(page, 'the door payment dialog');
    await dialog.getByRole('button', { name: 'Request M-Pesa payment', exact: true }).click();
    await dialog.getByText(/^Waiting for the customer to approve/).waitFor();

    // The recipient's phone, on the stand-in: approve the prompt.
    const phonePage = await context.newPage();
    await phonePage.goto(`/paystack-simulator/phone?number=${encodeURIComponent(phone)}`);
    await phonePage.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    await phonePage.getByRole('button', { name: 'Approve', exact: true }).click();
    await phonePage.getByText('No payment is waiting on this phone.').waitFor();
    await phonePage.close();

    await dialog
      .getByText(`Paid: ${ksh(order.totalCents)} for order #${order.id.slice(0, 8)} came in by M-Pesa.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();

    // The owner's switch per location: the delivery page, checked by axe.
    await page.goto('/oxalis/delivery');
    await page.getByRole('list', { name: 'Delivery locations' }).waitFor();
    assert.equal((await page.getByRole('checkbox', { name: 'Offer pay on delivery' }).count()) >= 4, true);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await violations(page), [], '/oxalis/delivery at 375×812: axe violations');
  });

  const { myOrders } = await withShopper(account, '{ myOrders { id paymentState paymentStatus } }');
  assert.deepEqual(
    myOrders.find((each) => each.id === order.id),
    { id: order.id, paymentState: 'paid', paymentStatus: 'completed' },
  );
});

const DESKTOP = { width: 1280, height: 900 };

/** axe finds nothing on what is open, on a desktop and on the phone (the page is left at the phone's size). */
async function noViolationsAtBothSizes(page, what) {
  for (const [size, name] of [
    [DESKTOP, '1280×900'],
    [PHONE, '375×812'],
  ]) {
    await page.setViewportSize(size);
    assert.deepEqual(await violations(page), [], `${what} at ${name}: axe violations`);
  }
}

/** A query as the shopper, in a page of its own. */
async function withShopper(account, query) {
  let answer;
  await withPage(browser(), async ({ page }) => {
    await signIn(page, account.email, account.password);
    answer = await pageGraphql(page, query);
  });
  return answer;
}
