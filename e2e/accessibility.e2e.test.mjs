// axe-core in the browser (issue 13): no WCAG 2.0/2.1 A and AA or best-practice violations on the storefront's
// and the admin area's pages at 1280 and 375 wide (the open mini-cart drawer and the checkout's steps included), and
// readable button labels while hovered and focused.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { createAccount, signIn, signInAsAdmin } from './support/accounts.mjs';
import { violations } from './support/axe.mjs';
import { baseUrl, useBrowser, withPage } from './support/browser.mjs';
import { uniquePhone, waitForSmsCode } from './support/sms-outbox.mjs';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

// /product/2 has a review of its own (written below): its rating summary, histogram and review cards.
const STOREFRONT_PAGES = [
  '/',
  '/category/for-women',
  '/product/1',
  '/product/2',
  '/search?q=oud',
  '/login',
  '/register',
  '/phone-sign-in',
  // Links from the newsletter's e-mails (an unknown token: the page's message).
  '/newsletter/confirm?token=unknown-token-of-some-length',
  '/newsletter/unsubscribe?token=1.unknown',
];
const REVIEWED_PRODUCT = '/product/2';
// The payment stand-in's simulated phone (test mode; decision 0053): a page a tester uses like any other.
const STAND_IN_PAGES = ['/paystack-simulator/phone?number=0712345678'];
const ADMIN_PAGES = [
  '/oxalis',
  '/oxalis/upload',
  '/oxalis/inventory',
  '/oxalis/orders',
  '/oxalis/reviews',
  '/oxalis/category',
  '/oxalis/notifications',
  '/oxalis/transactions',
  '/oxalis/subscribers',
  '/oxalis/delivery',
];

const browser = useBrowser();

before(async () => {
  const response = await fetch(`${baseUrl()}/api/reviews/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Axe',
      rating: 4,
      title: 'Warm and long-lasting',
      fullReview: 'Checked by axe.',
      productId: 2,
    }),
  });
  assert.equal(response.status, 201, 'a review of product 2');
});

/** Opens `path` and waits until the page has its heading and its data: nothing left loading. */
async function openSettled(page, path) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
}

async function expectNoViolations(page, where, runOnly) {
  assert.deepEqual(await violations(page, runOnly), [], `${where}: axe violations`);
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  test(`storefront pages have no axe violations at ${size}`, async () => {
    await withPage(browser(), async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of [...STOREFRONT_PAGES, ...STAND_IN_PAGES]) {
        await openSettled(page, path);
        await expectNoViolations(page, `${path} at ${size}`);
      }
      // The product's reviews section with its summary, then its Write a review dialog.
      await openSettled(page, REVIEWED_PRODUCT);
      const reviews = page.getByRole('region', { name: 'Customer Reviews' });
      await reviews.getByRole('list', { name: 'Ratings breakdown' }).waitFor();
      await reviews.getByRole('button', { name: /^Write a review/ }).click();
      await page.getByRole('dialog', { name: 'Write a review' }).waitFor();
      await expectNoViolations(page, `${REVIEWED_PRODUCT}'s Write a review dialog at ${size}`);
      // A category's filters: beside the products on a wide screen, a drawer opened by Filter on a phone.
      await openSettled(page, '/category/for-women');
      const filterButton = page.getByRole('button', { name: /^Filter/ });
      if (await filterButton.isVisible()) {
        await filterButton.click();
        await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: 'In stock' }).waitFor();
      } else {
        await page
          .getByRole('complementary', { name: 'Filters' })
          .getByRole('checkbox', { name: 'In stock' })
          .waitFor();
      }
      await expectNoViolations(page, `/category/for-women's filters at ${size}`);
    });
  });

  test(`phone sign-in's code and name steps have no axe violations at ${size}`, async () => {
    await withPage(browser(), async ({ page }) => {
      await page.setViewportSize(viewport);
      const phone = uniquePhone();
      await openSettled(page, '/phone-sign-in');
      await page.getByLabel('Phone number', { exact: true }).fill(phone.typed);
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await page.getByRole('group', { name: 'Verification code' }).waitFor();
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await expectNoViolations(page, `/phone-sign-in's code step, with its error, at ${size}`);
      await page.getByRole('group', { name: 'Verification code' }).getByRole('textbox').first().click();
      await page.keyboard.type(await waitForSmsCode(phone.e164));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByLabel('First name', { exact: true }).waitFor();
      await expectNoViolations(page, `/phone-sign-in's name step at ${size}`);
    });
  });

  test(`the header's search, its suggestions open, and /search have no axe violations at ${size}`, async () => {
    await withPage(browser(), async ({ page }) => {
      await page.setViewportSize(viewport);
      await openSettled(page, '/search');
      await expectNoViolations(page, `/search at ${size}`);
      await openSettled(page, '/search?q=no-such-scent-anywhere');
      await expectNoViolations(page, `/search with no results at ${size}`);
      const banner = page.getByRole('banner');
      // Phones reveal the field with a button; wide screens show it.
      const reveal = banner.getByRole('button', { name: 'Search', exact: true });
      if (await reveal.isVisible()) await reveal.click();
      const box = banner.getByRole('combobox', { name: 'Search products and categories' });
      await box.fill('oudh');
      await banner.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      assert.ok(await box.getAttribute('aria-activedescendant'), 'an option is highlighted');
      await expectNoViolations(page, `the header's search suggestions at ${size}`);
    });
  });

  test(`a shopper's mini-cart drawer, cart, checkout and My Orders have no axe violations at ${size}`, async () => {
    await withPage(browser(), async ({ page }) => {
      await page.setViewportSize(viewport);
      const account = await createAccount('axe');
      await signIn(page, account.email, account.password);
      await openSettled(page, '/my-orders');
      await expectNoViolations(page, `/my-orders at ${size}`);
      // The address book, empty and with its form's error showing.
      await openSettled(page, '/my-addresses');
      await page.getByRole('button', { name: 'Save address', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await expectNoViolations(page, `/my-addresses at ${size}`);

      await openSettled(page, '/product/1');
      await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item', exact: true }).waitFor();
      // The mini-cart drawer, open over the product page, with its delivery line loaded.
      const drawer = page.getByRole('dialog', { name: 'Added to cart', exact: true });
      await drawer.getByText(/for free delivery|Free delivery on orders/).waitFor();
      await expectNoViolations(page, `the mini-cart drawer at ${size}`);
      await openSettled(page, '/cart');
      await expectNoViolations(page, `/cart at ${size}`);

      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
      const shipping = page.getByRole('dialog', { name: 'Shipping Information' });
      await shipping.waitFor();
      await expectNoViolations(page, `checkout's shipping step at ${size}`);

      await shipping.getByLabel('Phone Number', { exact: true }).fill('0712345678');
      await shipping.getByLabel('Address', { exact: true }).fill('12 Riverside Drive');
      await shipping.getByLabel('City', { exact: true }).fill('Nairobi');
      await shipping.getByLabel('Postal Code', { exact: true }).fill('00100');
      await shipping.getByRole('button', { name: 'Continue to Payment', exact: true }).click();
      await page.getByRole('dialog', { name: 'Payment Method' }).waitFor();
      await expectNoViolations(page, `checkout's payment step at ${size}`);

      // M-Pesa's wait for the phone (the prompt stays unanswered).
      await page.getByLabel('M-Pesa number', { exact: true }).fill(`0712${String(Date.now()).slice(-6)}`);
      await page.getByRole('button', { name: 'Pay Now', exact: true }).click();
      await page.getByText(/^Approve Ksh [\d,.]+ on your phone$/).waitFor();
      await expectNoViolations(page, `checkout's M-Pesa wait at ${size}`);
    });
  });

  test(`admin pages have no axe violations at ${size}`, async () => {
    await withPage(browser(), async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAsAdmin(page);
      for (const path of ADMIN_PAGES) {
        await openSettled(page, path);
        await expectNoViolations(page, `${path} at ${size}`);
      }
    });
  });
}

/** Holds each state (hover, then keyboard focus) on the first visible button matching `selector`. */
async function expectContrastInStates(page, selector, where) {
  const button = page.locator(`${selector}:visible`).first();
  await button.scrollIntoViewIfNeeded();
  await button.hover();
  await expectNoViolations(page, `${where} ${selector} hovered`, ['color-contrast']);
  await page.mouse.move(0, 0);
  // A key press first, so the focus counts as keyboard focus (:focus-visible), as after Tab.
  await page.keyboard.press('Shift');
  await button.focus();
  assert.ok(await button.evaluate((element) => element.matches(':focus-visible')), `${where} ${selector} focus`);
  await expectNoViolations(page, `${where} ${selector} focused`, ['color-contrast']);
  await button.blur();
}

test('outline and primary buttons keep their contrast while hovered and focused, storefront and admin', async () => {
  await withPage(browser(), async ({ page }) => {
    await openSettled(page, '/product/1');
    await expectContrastInStates(page, '.button--outline:enabled', 'product page');
    await expectContrastInStates(page, '.button:not(.button--outline):enabled', 'product page');

    await signInAsAdmin(page);
    await openSettled(page, '/oxalis/inventory');
    await expectContrastInStates(page, '.button--outline:enabled', 'admin inventory');
    // The inventory's actions are all outline buttons; the categories page's Add is a primary one.
    await openSettled(page, '/oxalis/category');
    await expectContrastInStates(page, '.button:not(.button--outline):enabled', 'admin categories');
  });
});
