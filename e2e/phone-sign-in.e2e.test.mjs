// Issue 26 on a phone (375×812) against the built shop: a guest's Add to Cart (a size and a quantity) sends them to
// sign in; signing in with a phone number (the code read from the shop's SMS outbox), or registering with the
// e-mailed code, brings them back to that product page with the item in the cart and the "Added to cart" drawer.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { CODE_SUBJECT, codeFrom, uniqueEmail } from './support/accounts.mjs';
import { graphql, pageGraphql, useBrowser, withPage } from './support/browser.mjs';
import { lastMailId, waitForMail } from './support/smtp-sink.mjs';
import { uniquePhone, waitForSmsCode } from './support/sms-outbox.mjs';

const PHONE = { width: 375, height: 812 };
const browser = useBrowser();

/** A product with a second size (not the default, the first listed) that has at least 2 in stock. */
async function productWithSecondSize() {
  const { products } = await graphql(
    '{ products(limit: 60, sort: ALPHABETICALLY) { id name variants { id label quantity inStock } } }',
  );
  const product = products.find((candidate) => candidate.variants.length > 1 && candidate.variants[1].quantity >= 2);
  assert.ok(product, 'the seed should have a product whose second size has at least 2 in stock');
  return { product, size: product.variants[1] };
}

/** On the product page as a guest: choose the size and 2 of it, press Add to Cart, and be sent to sign in. */
async function addAsGuest(page, product, size) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
  // The server-written page becomes the app when its script has run: choose only then.
  await page.waitForLoadState('networkidle');
  // As a shopper does it: a tap on the size's button; the URL then names the size.
  await page
    .getByRole('group', { name: 'Size', exact: true })
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: size.label, exact: true }) })
    .click();
  await page.waitForURL((url) => url.searchParams.get('size') === String(size.id));
  await page.getByRole('spinbutton', { name: 'Quantity', exact: true }).fill('2');
  await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
  await page.getByText('Please log in to add items to your cart', { exact: true }).waitFor();
  await page.waitForURL((url) => url.pathname === '/account');
}

/** Back on the product page (its chosen size in the URL), the drawer open, and the server's cart holding the add. */
async function expectAddedBack(page, product, size) {
  await page.waitForURL((url) => url.pathname === `/product/${product.id}`);
  await page.getByRole('dialog', { name: 'Added to cart', exact: true }).waitFor();
  const { cart } = await pageGraphql(page, '{ cart { id items { id quantity product { id } variant { id } } } }');
  assert.deepEqual(
    cart.items.map((line) => [line.product.id, line.variant.id, line.quantity]),
    [[product.id, size.id, 2]],
  );
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items', exact: true }).waitFor();
}

async function typeCode(page, code) {
  const boxes = page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
  await boxes.first().click();
  await page.keyboard.type(code);
}

test('a guest signs in with a new phone number and is back on the product with the item in the cart', async () => {
  const { product, size } = await productWithSecondSize();
  const phone = uniquePhone();
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    await addAsGuest(page, product, size);

    await page.getByRole('link', { name: 'Continue with phone number', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/phone-sign-in');
    await page.getByLabel('Phone number', { exact: true }).fill(phone.typed);
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    await page.getByText(/Enter the 6-digit code we texted to/).waitFor();
    await typeCode(page, await waitForSmsCode(phone.e164));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    // A new number: only a name is asked for.
    await page.getByText(/is verified\. What is your name\?/).waitFor();
    await page.getByLabel('First name', { exact: true }).fill('Akinyi');
    await page.getByLabel('Last name', { exact: true }).fill('Otieno');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    await expectAddedBack(page, product, size);
    const { me } = await pageGraphql(page, '{ me { id phone email first } }');
    assert.deepEqual([me.phone, me.email, me.first], [phone.e164, null, 'Akinyi']);
  });
});

test('a guest registers with the e-mailed code and is back on the product with the item in the cart', async () => {
  const { product, size } = await productWithSecondSize();
  const email = uniqueEmail('pending-add');
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    await addAsGuest(page, product, size);

    await page.getByRole('link', { name: 'Create account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    const since = await lastMailId(email);
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('First name', { exact: true }).fill('Wanjiru');
    await form.getByLabel('Last name', { exact: true }).fill('Kamau');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(`pw-${randomUUID().slice(0, 12)}`);
    await form.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/verify-otp');
    await typeCode(page, codeFrom(await waitForMail(email, { subject: CODE_SUBJECT, since })));
    await page.getByRole('button', { name: 'Verify Email', exact: true }).click();

    await expectAddedBack(page, product, size);
  });
});
