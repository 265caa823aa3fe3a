// The newsletter in a real browser against the built shop (run through `npm run test:e2e`): the footer form,
// the confirmation e-mail, the confirm page, the welcome e-mail with its 10% code, checking out with that code
// (the cart summary, the success view, My Orders and the admin's order all show the discount), and the
// unsubscribe page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signIn, signInAsAdmin, uniqueEmail } from './support/accounts.mjs';
import { baseUrl, escapeRegExp, graphql, ksh, openPage, useBrowser, withPage } from './support/browser.mjs';
import { waitForMail } from './support/smtp-sink.mjs';

// The server's texts (server/src/modules/newsletter/newsletter.service.ts and its e-mails).
const SUBSCRIBED = 'Almost done! Check your inbox to confirm your subscription and get your 10% off.';
const CONFIRM_SUBJECT = 'Confirm your Manukato newsletter subscription';
const WELCOME_SUBJECT = 'Your 10% off your first Manukato order';

const browser = useBrowser();

/** The first link to `path` in a message's text part, pointing at this shop. */
function linkFrom(mail, path) {
  const link = new RegExp(`https?://[^\\s\\]>)]+${path}\\?token=[\\w.%-]+`).exec(mail.text)?.[0];
  assert.ok(link, `no ${path} link in the mail:\n${mail.text}`);
  assert.ok(link.startsWith(`${baseUrl()}/`), `the link ${link} does not point at the shop (${baseUrl()})`);
  return link;
}

async function subscribeInFooter(page, email) {
  await page.goto(`${baseUrl()}/`);
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill(email);
  await footer.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await footer.getByText(SUBSCRIBED, { exact: true }).waitFor();
  return waitForMail(email, { subject: CONFIRM_SUBJECT });
}

/** Adds one of `product` from its page and closes the mini-cart drawer that follows. */
async function addToCart(page, product) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Added to cart', exact: true });
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await drawer.waitFor({ state: 'detached' });
}

/** A line of a totals list (a `dt` and the `dd` after it) inside `scope`. */
function totalsValue(scope, term) {
  return scope.locator(`xpath=.//dt[.="${term}"]/following-sibling::dd[1]`);
}

test('subscribing in the footer, confirming from the e-mail, and checking out with the e-mailed 10% code', async () => {
  // The welcome code belongs to the address it was sent to: the shopper subscribes with their account's address.
  const account = await createAccount('newsletter', { first: 'Akinyi', last: 'Welcome' });
  const { products, deliveryLocations } = await graphql(
    '{ products(limit: 40, sort: PRICE_LOW_TO_HIGH) { id name quantity inStock effectivePriceCents } deliveryLocations { id name feeCents } }',
  );
  const product = products.find((candidate) => candidate.inStock && candidate.quantity >= 3);
  assert.ok(product, 'the seed should have a product with stock');
  const [location] = deliveryLocations;
  // 10% of the one line, in cents, rounded half up (decision 0056).
  const discountCents = Math.round(product.effectivePriceCents / 10);
  const discountText = `−${ksh(discountCents)}`;
  const shop = await openPage(browser());
  const admin = await openPage(browser());
  try {
    const { page } = shop;
    const email = account.email;
    const confirmation = await subscribeInFooter(page, email);
    assert.match(confirmation.raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    assert.match(confirmation.raw, /^List-Unsubscribe:\s+<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=/m);

    await page.goto(linkFrom(confirmation, '/newsletter/confirm'));
    await page.getByRole('heading', { name: 'Subscription confirmed', level: 1 }).waitFor();
    await page.getByText(/Your 10% off code is on its way/).waitFor();

    const welcome = await waitForMail(email, { subject: WELCOME_SUBJECT });
    const code = /use the code (WELCOME-[A-Z0-9]{6}) at checkout/.exec(welcome.text)?.[1];
    assert.ok(code, `no welcome code in the mail:\n${welcome.text}`);
    // Opening the link again is harmless: the same page, and no second code.
    await page.reload();
    await page.getByRole('heading', { name: 'Subscription confirmed', level: 1 }).waitFor();

    // The shopper signs in, puts the product in the cart and applies the code in the cart's Order Summary.
    await signIn(page, account.email, account.password);
    await addToCart(page, product);
    await page.goto('/cart');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await summary.getByLabel('Discount code', { exact: true }).fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply', exact: true }).click();
    await summary.getByText(`Code ${code} applied`).waitFor();
    await totalsValue(summary, `Discount (${code})`).getByText(discountText, { exact: true }).waitFor();
    await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(location.name)}`) }).check();
    const totalCents = product.effectivePriceCents - discountCents + location.feeCents;
    await totalsValue(summary, 'Total').getByText(ksh(totalCents), { exact: true }).waitFor();

    // Checkout: shipping, card, and the stand-in asked for the discounted total.
    await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
    const shipping = page.getByRole('dialog', { name: 'Shipping Information' });
    await shipping.getByLabel('Phone Number', { exact: true }).fill('0712 345 678');
    await shipping.getByLabel('Address', { exact: true }).fill('12 Riverside Drive');
    await shipping.getByLabel('City', { exact: true }).fill('Nairobi');
    await shipping.getByLabel('Postal Code', { exact: true }).fill('00100');
    await shipping.getByRole('button', { name: 'Continue to Payment', exact: true }).click();
    const payment = page.getByRole('dialog', { name: 'Payment Method' });
    await payment.getByRole('radio', { name: 'Card', exact: true }).check();
    await payment.getByText(ksh(totalCents), { exact: true }).waitFor();
    await payment.getByRole('button', { name: 'Pay Now', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/paystack-simulator/pay/'));
    await page.getByText(ksh(totalCents), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // The success view names the discount and the total paid.
    await page.waitForURL((url) => url.pathname === '/checkout/callback');
    await page.getByRole('heading', { name: 'Thank you for your purchase!', level: 1 }).waitFor();
    await totalsValue(page.locator('main'), `Discount (${code})`).getByText(discountText, { exact: true }).waitFor();
    await totalsValue(page.locator('main'), 'Total paid').getByText(ksh(totalCents), { exact: true }).waitFor();

    // My Orders: the order's details carry the discount line.
    await page.getByRole('link', { name: 'View My Orders', exact: true }).click();
    const row = page.getByRole('button', { name: /^Order #/ });
    await row.click();
    const shortId = (await row.textContent()).match(/Order #(\w{8})/)[1];
    const details = page.getByRole('region', { name: `Order ${shortId} details`, exact: true });
    await totalsValue(details, `Discount (${code})`).getByText(discountText, { exact: true }).waitFor();
    await totalsValue(details, 'Total').getByText(ksh(totalCents), { exact: true }).waitFor();

    // The admin's order list shows the same order with its discount.
    await signInAsAdmin(admin.page);
    await admin.page.goto('/oxalis/orders');
    await admin.page.getByRole('searchbox', { name: 'Search orders' }).fill(shortId);
    const adminRow = admin.page.getByRole('row', { name: `Order ${shortId}` });
    await adminRow.getByText(`Discount (${code}) ${discountText}`).waitFor();
    await adminRow.getByText(ksh(totalCents)).first().waitFor();

    // The code was for one use: tried again on a new cart, it is refused with the reason.
    await addToCart(page, product);
    await page.goto('/cart');
    await summary.getByLabel('Discount code', { exact: true }).fill(code);
    await summary.getByRole('button', { name: 'Apply', exact: true }).click();
    await summary.getByText('This discount code has been used up.', { exact: true }).waitFor();
  } finally {
    await shop.context.close();
    await admin.context.close();
  }
});

test('the unsubscribe link asks first, then unsubscribes', async () => {
  await withPage(browser(), async ({ page }) => {
    const email = uniqueEmail('newsletter-leave');
    const confirmation = await subscribeInFooter(page, email);
    await page.goto(linkFrom(confirmation, '/newsletter/unsubscribe'));
    await page.getByRole('heading', { name: 'Unsubscribe from the newsletter', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await page.getByText(/You have been unsubscribed/).waitFor();
  });
});
