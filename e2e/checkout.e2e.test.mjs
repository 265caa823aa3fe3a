// Buying, in a real browser against the built shop (run through `npm run test:e2e`): a fresh shopper adds two
// products from a category page and a product page, watches the header badge, picks a delivery location on
// /cart, checks out through the shop's Paystack stand-in (Pay, and Decline), and finds the order in My Orders.
// A guest's Add to Cart sends them to sign in. Each test registers its own shopper and opens its own context.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, expectSignedIn, signIn, submitLogin } from './support/accounts.mjs';
import { escapeRegExp, graphql, ksh, pageGraphql, useBrowser, withPage } from './support/browser.mjs';

// The texts of SPEC §2/§8 as the client shows them (client/src/features/cart, client/src/shared/cart).
const THANK_YOU = 'Thank you for your purchase!';
const CONFIRMED = 'Your order has been confirmed and will be shipped soon.';
const PAYMENT_FAILED = 'Payment processing failed';
const LOGIN_TO_ADD = 'Please log in to add items to your cart';
// SPEC §9: the notice shows for about 2 s before the login screen.
const LOGIN_REDIRECT_DELAY_MS = 2000;
// SPEC §9: delivery is free from Ksh 10,000 of goods.
const FREE_DELIVERY_FROM_CENTS = 1_000_000;
// Room sprays are cheap enough that three of them stay under free delivery, so the fee shows.
const CATEGORY_SLUG = 'room';
// Two tests buy (one pays, one declines); enough stock that neither runs out for the other test files.
const MIN_STOCK = 8;
const PHONE_TYPED = '0712 345 678';
const PHONE_STORED = '+254712345678';

const browser = useBrowser();

const startsWith = (text) => new RegExp(`^${escapeRegExp(text)}`);

/**
 * What the server says the purchase should cost: the category's two cheapest products with plenty of stock,
 * their effective prices, and the dearest delivery location (its fee is what a shopper pays when delivery
 * is not free).
 */
async function serverFacts() {
  const data = await graphql(
    `
      query ($filter: ProductFilter) {
        products(filter: $filter, sort: PRICE_LOW_TO_HIGH, limit: 60) {
          id
          name
          category
          inStock
          quantity
          effectivePriceCents
          variants {
            id
            label
          }
        }
        deliveryLocations {
          id
          name
          feeCents
          deliveryTime
        }
      }
    `,
    { filter: { categorySlug: CATEGORY_SLUG } },
  );
  const stocked = data.products.filter((product) => product.inStock && product.quantity >= MIN_STOCK);
  assert.ok(stocked.length >= 2, `the seed should have two ${CATEGORY_SLUG} products with ${MIN_STOCK}+ in stock`);
  const [first, second] = stocked;
  assert.ok(data.deliveryLocations.length > 0, 'the seed should have delivery locations');
  const location = data.deliveryLocations.reduce((dearest, candidate) =>
    candidate.feeCents > dearest.feeCents ? candidate : dearest,
  );
  return { first, second, location };
}

/** The expected order: two of the first product (added once, then + on /cart) and one of the second. */
function expectedTotals({ first, second, location }) {
  const lines = [
    { product: first, quantity: 2 },
    { product: second, quantity: 1 },
  ];
  const subtotalCents = lines.reduce((sum, line) => sum + line.product.effectivePriceCents * line.quantity, 0);
  const shippingCents = subtotalCents >= FREE_DELIVERY_FROM_CENTS ? 0 : location.feeCents;
  return { lines, subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents };
}

const shippingText = (cents) => (cents === 0 ? 'Free' : ksh(cents));

const header = (page) => page.getByRole('banner');

/** The value beside a term in the mini-cart drawer's totals ('Subtotal', 'In your cart'). */
function drawerValue(drawer, term) {
  return drawer.locator(`xpath=.//dt[.="${term}"]/following-sibling::dd[1]`).textContent();
}

/**
 * The header's cart link says how many items the cart holds ('Cart, 3 items'); the badge shows the number
 * and is absent at 0. Waits for the link's name, then checks the badge agrees.
 */
async function expectBadge(page, quantity) {
  const name = quantity === 0 ? 'Cart' : `Cart, ${quantity} ${quantity === 1 ? 'item' : 'items'}`;
  const link = header(page).getByRole('link', { name, exact: true });
  await link.waitFor();
  const badge = link.locator('.cart-link__badge');
  if (quantity === 0) assert.equal(await badge.count(), 0, 'an empty cart still shows a badge');
  else assert.equal((await badge.textContent()).trim(), String(quantity));
}

/** The summary's value for a row ('Subtotal', 'Shipping', 'Total') on /cart. */
function summaryValue(page, term) {
  return page
    .getByRole('complementary', { name: 'Order Summary' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');
}

/** A value of an expanded order's totals list on /my-orders. */
function orderTotal(details, term) {
  return details.locator(`xpath=.//dl[contains(@class, "order-row__totals")]/dt[.="${term}"]/following-sibling::dd[1]`);
}

/**
 * Signs a fresh shopper in and fills the cart as the journey does: the first product from its category page's
 * card, the second from its product page, then + on /cart for a second of the first. Checks the badge after
 * each step, the cart rows and the summary (before and after choosing the delivery location), and leaves the
 * page on /cart with the location chosen.
 */
async function fillCartAndChooseDelivery(page, facts) {
  const { first, second, location } = facts;
  const totals = expectedTotals(facts);
  const account = await createAccount('checkout');
  await signIn(page, account.email, account.password);
  await expectBadge(page, 0);

  // From the category page: the first product's card.
  await page.goto(`/category/${CATEGORY_SLUG}`);
  const card = page.getByRole('article', { name: first.name, exact: true });
  const cardButton = card.getByRole('button', { name: 'Add to Cart', exact: true });
  await cardButton.click();
  await expectBadge(page, 1);
  // The mini-cart drawer follows the add (decision 0052): the line and the server's subtotal; Escape closes it
  // and gives focus back to the button.
  const drawer = page.getByRole('dialog', { name: 'Added to cart', exact: true });
  await drawer.getByText(first.name, { exact: true }).waitFor();
  assert.equal(await drawerValue(drawer, 'Subtotal'), ksh(first.effectivePriceCents));
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  assert.ok(
    await cardButton.evaluate((element) => element === element.ownerDocument.activeElement),
    'focus went back to the card',
  );

  // From the product page: the second product.
  await page.goto(`/product/${second.id}`);
  await page.getByRole('heading', { name: second.name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
  await expectBadge(page, 2);
  assert.equal(await drawerValue(drawer, 'In your cart'), '2 items');
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await drawer.waitFor({ state: 'detached' });

  // The cart page, through the header's link.
  await header(page).getByRole('link', { name: 'Cart, 2 items', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/cart');
  await page.getByRole('heading', { name: 'Shopping Cart', level: 1 }).waitFor();
  const items = page.getByRole('list', { name: 'Cart items' });
  const firstRow = items.getByRole('listitem', { name: first.name, exact: true });
  const secondRow = items.getByRole('listitem', { name: second.name, exact: true });
  const unitFirst = ksh(first.effectivePriceCents);
  const unitSecond = ksh(second.effectivePriceCents);
  await firstRow.getByText(`${unitFirst} × 1 = ${unitFirst}`, { exact: true }).waitFor();
  await secondRow.getByText(`${unitSecond} × 1 = ${unitSecond}`, { exact: true }).waitFor();
  assert.equal(await items.getByRole('listitem').count(), 2);

  await firstRow.getByRole('button', { name: 'Increase quantity', exact: true }).click();
  await expectBadge(page, 3);
  await firstRow.getByText(`${unitFirst} × 2 = ${ksh(first.effectivePriceCents * 2)}`, { exact: true }).waitFor();
  assert.equal((await firstRow.getByLabel('Quantity', { exact: true }).textContent()).trim(), '2');

  // No location yet: checkout is disabled and says why; the total is the subtotal and shipping is unknown.
  const checkout = page.getByRole('complementary', { name: 'Order Summary' }).getByRole('button', {
    name: /^(Select Delivery Location|Proceed to Checkout)$/,
  });
  assert.equal((await checkout.textContent()).trim(), 'Select Delivery Location');
  assert.equal(await checkout.isDisabled(), true, 'checkout is enabled before a delivery location is chosen');
  await summaryValue(page, 'Subtotal').getByText(ksh(totals.subtotalCents), { exact: true }).waitFor();
  const shippingBefore = totals.subtotalCents >= FREE_DELIVERY_FROM_CENTS ? 'Free' : '—';
  assert.equal((await summaryValue(page, 'Shipping').textContent()).trim(), shippingBefore);
  assert.equal((await summaryValue(page, 'Total').textContent()).trim(), ksh(totals.subtotalCents));

  await page.getByRole('radio', { name: startsWith(location.name) }).check();
  await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).waitFor();
  assert.equal(await checkout.isEnabled(), true);
  assert.equal((await summaryValue(page, 'Subtotal').textContent()).trim(), ksh(totals.subtotalCents));
  assert.equal((await summaryValue(page, 'Shipping').textContent()).trim(), shippingText(totals.shippingCents));
  assert.equal((await summaryValue(page, 'Estimated Delivery').textContent()).trim(), location.deliveryTime);
  assert.equal((await summaryValue(page, 'Total').textContent()).trim(), ksh(totals.totalCents));
  return { account, totals };
}

/**
 * Proceed to Checkout → shipping form → payment step (M-Pesa by default; Card chosen, since card keeps the
 * hosted page, and M-Pesa's prompt on the phone is e2e/mpesa.e2e.test.mjs) → Pay Now → the stand-in's page.
 */
async function checkOutToPaymentPage(page, account, totals) {
  await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
  const shipping = page.getByRole('dialog', { name: 'Shipping Information' });
  await shipping.waitFor();
  // Prefilled from the signed-in shopper.
  assert.equal(
    await shipping.getByLabel('Full Name', { exact: true }).inputValue(),
    `${account.first} ${account.last}`,
  );
  assert.equal(await shipping.getByLabel('Email Address', { exact: true }).inputValue(), account.email);
  await shipping.getByLabel('Phone Number', { exact: true }).fill(PHONE_TYPED);
  await shipping.getByLabel('Address', { exact: true }).fill('12 Riverside Drive');
  await shipping.getByLabel('City', { exact: true }).fill('Nairobi');
  await shipping.getByLabel('Postal Code', { exact: true }).fill('00100');
  await shipping.getByRole('button', { name: 'Continue to Payment', exact: true }).click();

  const payment = page.getByRole('dialog', { name: 'Payment Method' });
  await payment.waitFor();
  assert.equal(await payment.getByRole('radio', { name: 'M-Pesa', exact: true }).isChecked(), true);
  assert.equal(await payment.getByRole('radio', { name: 'Card', exact: true }).isChecked(), false);
  await payment.getByRole('radio', { name: 'Card', exact: true }).check();
  await payment.getByText(ksh(totals.totalCents), { exact: true }).waitFor();
  await payment.getByRole('button', { name: 'Pay Now', exact: true }).click();

  await page.waitForURL((url) => url.pathname.startsWith('/paystack-simulator/pay/'));
  await page.getByRole('heading', { name: 'Payment simulator', level: 1 }).waitFor();
  // The stand-in is asked for exactly the order's total, for the shopper's e-mail, written as the shop writes it.
  await page.getByText(ksh(totals.totalCents), { exact: true }).waitFor();
  await page.getByText(account.email).waitFor();
}

async function waitForCallback(page) {
  await page.waitForURL((url) => url.pathname === '/checkout/callback' && url.searchParams.has('reference'));
  return new URL(page.url()).searchParams.get('reference');
}

async function myOrders(page) {
  const data = await pageGraphql(
    page,
    '{ myOrders { id status paymentStatus paymentMethod subtotalCents shippingFeeCents totalCents recipientPhone items { productId name quantity unitPriceCents } } }',
  );
  return data.myOrders;
}

test('a shopper fills the cart, pays through the stand-in and finds the order in My Orders', async () => {
  const facts = await serverFacts();
  await withPage(browser(), async ({ page }) => {
    const { account, totals } = await fillCartAndChooseDelivery(page, facts);
    await checkOutToPaymentPage(page, account, totals);

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const reference = await waitForCallback(page);
    assert.ok(reference, 'the callback has no reference');
    await page.getByRole('heading', { name: THANK_YOU, level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: CONFIRMED }).waitFor();
    // The session survived the round trip through the payment page, and the cart is now empty.
    await expectSignedIn(page);
    await expectBadge(page, 0);

    // The server agrees: one paid order with the expected lines and money.
    const orders = await myOrders(page);
    assert.equal(orders.length, 1, 'the new shopper should have exactly one order');
    const [order] = orders;
    assert.equal(order.paymentStatus, 'completed');
    assert.equal(order.paymentMethod, 'card');
    assert.equal(order.recipientPhone, PHONE_STORED);
    assert.equal(order.subtotalCents, totals.subtotalCents);
    assert.equal(order.shippingFeeCents, totals.shippingCents);
    assert.equal(order.totalCents, totals.totalCents);

    await page.getByRole('link', { name: 'View My Orders', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/my-orders');
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    const shortId = order.id.slice(0, 8);
    const row = page.getByRole('button', { name: startsWith(`Order #${shortId}`) });
    await row.waitFor();
    assert.equal(await page.getByRole('button', { name: /^Order #/ }).count(), 1);
    assert.match(await row.textContent(), new RegExp(`${escapeRegExp(ksh(totals.totalCents))}$`));
    assert.equal(await row.getAttribute('aria-expanded'), 'false');

    await row.click();
    assert.equal(await row.getAttribute('aria-expanded'), 'true');
    const details = page.getByRole('region', { name: `Order ${shortId} details`, exact: true });
    await details.waitFor();
    const itemTexts = (
      await details.locator('.order-row__items > li').evaluateAll((items) => items.map((item) => item.textContent))
    ).sort();
    const expectedItems = totals.lines
      // The cards add the default size (the first), which My Orders names after the product.
      .map(({ product, quantity }) => {
        const size = product.variants[0]?.label;
        return `${product.name}${size ? ` (${size})` : ''}${quantity} × ${ksh(product.effectivePriceCents)}`;
      })
      .sort();
    assert.deepEqual(itemTexts, expectedItems);
    assert.equal((await orderTotal(details, 'Subtotal').textContent()).trim(), ksh(totals.subtotalCents));
    assert.equal((await orderTotal(details, 'Shipping').textContent()).trim(), shippingText(totals.shippingCents));
    assert.equal((await orderTotal(details, 'Total').textContent()).trim(), ksh(totals.totalCents));
    await details.getByText(PHONE_STORED, { exact: true }).waitFor();
    await details.getByText(facts.location.name, { exact: true }).waitFor();
    await details.getByText('Card · Paid', { exact: true }).waitFor();
  });
});

test('declining on the payment page shows that the payment failed, and the order is not paid', async () => {
  const facts = await serverFacts();
  await withPage(browser(), async ({ page }) => {
    const { account, totals } = await fillCartAndChooseDelivery(page, facts);
    await checkOutToPaymentPage(page, account, totals);

    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await waitForCallback(page);
    await page.getByRole('heading', { name: PAYMENT_FAILED, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Cart', exact: true }).waitFor();
    assert.equal(await page.getByRole('heading', { name: THANK_YOU }).count(), 0);
    await expectSignedIn(page);
    // A declined order is cancelled and its items go back into the cart (decision 0014), to try again.
    const quantity = totals.lines.reduce((sum, line) => sum + line.quantity, 0);
    await expectBadge(page, quantity);

    const orders = await myOrders(page);
    assert.equal(orders.length, 1, 'the new shopper should have exactly one order');
    assert.equal(orders[0].paymentStatus, 'failed');
    assert.equal(orders[0].status, 'cancelled');

    await page.getByRole('link', { name: 'Back to Cart', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    for (const { product } of totals.lines) await page.getByText(product.name, { exact: true }).first().waitFor();
  });
});

test("a guest's Add to Cart asks them to log in and moves to /account after about 2 s", async () => {
  const { first } = await serverFacts();
  const account = await createAccount('guest-add');
  await withPage(browser(), async ({ page }) => {
    await page.goto(`/category/${CATEGORY_SLUG}`);
    const card = page.getByRole('article', { name: first.name, exact: true });
    await card.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    const clickedAt = Date.now();
    await page.getByRole('status').filter({ hasText: LOGIN_TO_ADD }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/category/${CATEGORY_SLUG}`, 'left before showing the notice');

    await page.waitForURL((url) => url.pathname === '/account', { timeout: LOGIN_REDIRECT_DELAY_MS + 8_000 });
    const elapsed = Date.now() - clickedAt;
    assert.ok(elapsed >= LOGIN_REDIRECT_DELAY_MS - 300, `moved to /account after only ${elapsed} ms`);
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
    await expectBadge(page, 0);

    // Signing in brings the shopper back to where they were, with nothing added behind their back.
    await submitLogin(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === `/category/${CATEGORY_SLUG}`);
    await expectSignedIn(page);
    await expectBadge(page, 0);
  });
});
