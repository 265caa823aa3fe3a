// M-Pesa at checkout, in a real browser against the built shop: the shopper pays on the payment step with the
// M-Pesa number, the stand-in's simulated phone page (another tab) answers the prompt, and the first tab follows
// the payment live (it polls the server) without a reload. A decline shows the reason, and card pays instead
// through the hosted page. Each test registers its own shopper and uses its own phone number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signIn } from './support/accounts.mjs';
import { graphql, ksh, pageGraphql, useBrowser, withPage } from './support/browser.mjs';

const THANK_YOU = 'Thank you for your purchase!';
// The wait covers the poll (2 s) and the server's verify of a charge pending over 5 s (a decline sends no webhook).
const SETTLE_TIMEOUT_MS = 30_000;

const browser = useBrowser();

/** A Kenyan mobile number no other test prompts: 0712 and six random digits. */
function freshPhone() {
  return `0712${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

/** A product with stock to spare (the other e2e files buy too). */
async function stockedProduct() {
  const data = await graphql(
    '{ products(sort: PRICE_LOW_TO_HIGH, limit: 60) { id name inStock quantity effectivePriceCents } }',
  );
  const product = data.products.find((candidate) => candidate.inStock && candidate.quantity >= 6);
  assert.ok(product, 'the seed should have a product with 6+ in stock');
  return product;
}

/** Signs a fresh shopper in, puts one product in the cart, and goes through the shipping step to payment. */
async function toPaymentStep(page, phone) {
  const product = await stockedProduct();
  const account = await createAccount('mpesa');
  await signIn(page, account.email, account.password);
  await pageGraphql(page, 'mutation ($id: Int!) { addToCart(productId: $id, quantity: 1) { errors { code } } }', {
    id: Number(product.id),
  });
  await page.goto('/cart');
  await page.getByRole('heading', { name: 'Shopping Cart', level: 1 }).waitFor();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
  const shipping = page.getByRole('dialog', { name: 'Shipping Information' });
  await shipping.waitFor();
  await shipping.getByLabel('Phone Number', { exact: true }).fill(phone);
  await shipping.getByLabel('Address', { exact: true }).fill('12 Riverside Drive');
  await shipping.getByLabel('City', { exact: true }).fill('Nairobi');
  await shipping.getByLabel('Postal Code', { exact: true }).fill('00100');
  await shipping.getByRole('button', { name: 'Continue to Payment', exact: true }).click();
  const payment = page.getByRole('dialog', { name: 'Payment Method' });
  await payment.waitFor();
  assert.equal(await payment.getByRole('radio', { name: 'M-Pesa', exact: true }).isChecked(), true);
  // The M-Pesa number starts as the shipping phone.
  assert.equal(await payment.getByLabel('M-Pesa number', { exact: true }).inputValue(), phone);
  return payment;
}

/** Pay Now with M-Pesa; answers the order's total as the dialog asks for it. */
async function payWithMpesa(page, payment) {
  // A reload would lose this marker: the outcome must arrive in the same page.
  await page.evaluate(() => {
    globalThis.e2eSamePage = true;
  });
  await payment.getByRole('button', { name: 'Pay Now', exact: true }).click();
  const approve = payment.getByText(/^Approve Ksh [\d,]+\.\d\d on your phone$/);
  await approve.waitFor();
  const [order] = (await pageGraphql(page, '{ myOrders { id totalCents } }')).myOrders;
  assert.equal((await approve.textContent()).trim(), `Approve ${ksh(order.totalCents)} on your phone`);
  await payment
    .locator('[aria-live="polite"]')
    .getByText(/Waiting for your approval/)
    .waitFor();
  return order;
}

/** The simulated phone, in another tab of the same browser: the prompt for this number, answered. */
async function answerOnPhone(context, phone, button) {
  const phonePage = await context.newPage();
  await phonePage.goto(`/paystack-simulator/phone?number=${encodeURIComponent(phone)}`);
  await phonePage.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
  assert.equal(await phonePage.getByRole('button', { name: button, exact: true }).count(), 1);
  await phonePage.getByRole('button', { name: button, exact: true }).click();
  await phonePage.getByText('No payment is waiting on this phone.').waitFor();
  await phonePage.close();
}

test('a shopper pays with M-Pesa, approves on the phone, and sees the order number without a reload', async () => {
  await withPage(browser(), async ({ context, page }) => {
    const phone = freshPhone();
    const payment = await toPaymentStep(page, phone);
    const order = await payWithMpesa(page, payment);

    await answerOnPhone(context, phone, 'Approve');

    await payment.getByText(THANK_YOU).waitFor({ timeout: SETTLE_TIMEOUT_MS });
    await payment.getByText(`#${order.id.slice(0, 8)}`, { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => globalThis.e2eSamePage), true, 'the page reloaded');
    const [paid] = (await pageGraphql(page, '{ myOrders { id paymentStatus paymentMethod } }')).myOrders;
    assert.deepEqual(paid, { id: order.id, paymentStatus: 'completed', paymentMethod: 'mpesa' });
  });
});

test('a shopper declines on the phone, sees the reason, and pays by card instead on the hosted page', async () => {
  await withPage(browser(), async ({ context, page }) => {
    const phone = freshPhone();
    const payment = await toPaymentStep(page, phone);
    const declined = await payWithMpesa(page, payment);

    await answerOnPhone(context, phone, 'Decline');

    await payment
      .getByRole('alert')
      .filter({ hasText: 'Declined by the customer' })
      .waitFor({ timeout: SETTLE_TIMEOUT_MS });
    await payment.getByRole('button', { name: 'Try again', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => globalThis.e2eSamePage), true, 'the page reloaded');
    await payment.getByRole('button', { name: 'Pay with card instead', exact: true }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/paystack-simulator/pay/'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/callback');
    await page.getByRole('heading', { name: THANK_YOU, level: 1 }).waitFor();

    // The declined order stays cancelled; the card paid a new one from the refilled cart, which is now empty.
    const orders = (await pageGraphql(page, '{ myOrders { id status paymentStatus paymentMethod } }')).myOrders;
    assert.equal(orders.length, 2);
    const card = orders.find((order) => order.id !== declined.id);
    assert.deepEqual(card, { id: card.id, status: 'pending', paymentStatus: 'completed', paymentMethod: 'card' });
    assert.deepEqual(
      orders.find((order) => order.id === declined.id),
      { id: declined.id, status: 'cancelled', paymentStatus: 'failed', paymentMethod: 'mpesa' },
    );
    const cart = await pageGraphql(page, '{ cart { id totalQuantity } }');
    assert.equal(cart.cart?.totalQuantity ?? 0, 0);
  });
});
