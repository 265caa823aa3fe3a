// The mini-cart drawer on a phone (issue 13, decision 0052), in a real browser against the built shop (run through
// `npm run test:e2e`): an Add to Cart far down a category page opens the drawer as a full-width sheet inside the
// screen, the sticky header's badge stays in sight above it with the new count, and Checkout leads to the cart's
// summary, where checkout starts.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { createAccount, signIn } from './support/accounts.mjs';
import { resultsDir, useBrowser, withPage } from './support/browser.mjs';

const PHONE = { width: 375, height: 812 };

const browser = useBrowser();

/** The box of `locator` lies within the viewport: seen without scrolling. */
async function assertInViewport(locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is not rendered`);
  assert.ok(
    box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width + 0.5 && box.y + box.height <= PHONE.height + 0.5,
    `${what} lies outside the ${PHONE.width}×${PHONE.height} screen: ${JSON.stringify(box)}`,
  );
  return box;
}

test('on a phone, Add to Cart far down a page opens the drawer in view, the badge in sight, and Checkout works', async () => {
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    const account = await createAccount('mini-cart');
    await signIn(page, account.email, account.password);

    await page.goto('/category/for-women');
    await page.locator('h1').first().waitFor();
    // The last card with stock: well below the first screen, so only the sticky header keeps the badge in reach.
    const button = page.getByRole('button', { name: 'Add to Cart', exact: true }).last();
    const card = button.locator('xpath=ancestor::article[1]');
    const name = (await card.locator('h3').textContent()).trim();
    await button.scrollIntoViewIfNeeded();
    assert.ok(await page.evaluate(() => globalThis.scrollY > 0), 'the card should be below the first screen');
    await button.click();

    const drawer = page.getByRole('dialog', { name: 'Added to cart', exact: true });
    await drawer.getByText(name, { exact: true }).waitFor();
    const sheet = await assertInViewport(drawer, 'the drawer');
    assert.equal(Math.round(sheet.width), PHONE.width, 'the drawer is a full-width sheet on a phone');
    assert.match(await drawer.textContent(), /Add Ksh [\d,]+\.\d\d more for free delivery\.|Free delivery on orders/);

    // The header stays stuck to the top with the new count, and the sheet leaves it uncovered.
    const badge = page.locator('.site-header .cart-link__badge');
    await badge.waitFor();
    assert.equal((await badge.textContent()).trim(), '1');
    const badgeBox = await assertInViewport(badge, 'the cart badge');
    assert.ok(badgeBox.y + badgeBox.height <= sheet.y, 'the drawer covers the cart badge');
    await page.screenshot({ path: path.join(resultsDir(), 'mini-cart-phone.png') });

    await drawer.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cart' && url.hash === '#order-summary');
    await drawer.waitFor({ state: 'detached' });
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await summary.waitFor();
    await page.waitForFunction(() => globalThis.document.activeElement?.id === 'order-summary');
    await assertInViewport(summary.getByRole('heading', { name: 'Order Summary' }), 'the summary heading');
    assert.ok(
      await page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name, exact: true }).isVisible(),
      'the cart lists the product added',
    );
  });
});

test('on a desktop, the drawer is a full-height panel on the right, and Escape gives focus back to the button', async () => {
  await withPage(browser(), async ({ page }) => {
    const desktop = { width: 1280, height: 900 };
    await page.setViewportSize(desktop);
    const account = await createAccount('mini-cart-desktop');
    await signIn(page, account.email, account.password);

    await page.goto('/product/1');
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()).trim();
    const button = page.getByRole('button', { name: 'ADD TO CART', exact: true });
    await button.click();

    const drawer = page.getByRole('dialog', { name: 'Added to cart', exact: true });
    await drawer.getByText(heading, { exact: true }).waitFor();
    const box = await drawer.boundingBox();
    assert.equal(Math.round(box.x + box.width), desktop.width, 'the panel sits against the right edge');
    assert.equal(Math.round(box.y), 0);
    assert.equal(Math.round(box.height), desktop.height, 'the panel is full height');
    // The page behind cannot be reached: the header's cart link is inert while the drawer is open.
    assert.equal(await page.locator('.site-header').evaluate((element) => element.closest('[inert]') !== null), true);
    await page.screenshot({ path: path.join(resultsDir(), 'mini-cart-desktop.png') });

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => globalThis.document.activeElement?.textContent?.trim().toUpperCase() === 'ADD TO CART',
    );
    assert.equal(await page.locator('.site-header').evaluate((element) => element.closest('[inert]') !== null), false);
  });
});
