// Storefront smoke tests in a real browser against the built shop (run through `npm run test:e2e`).
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { baseUrl, graphql, openPage, resultsDir, sampleProductNames, useBrowser } from './support/browser.mjs';

// SPEC §2 and §9: six new arrivals on the home page; prices as 'Ksh' with two decimals.
const HOME_PRODUCT_COUNT = 6;
const PRICE_PATTERN = /^Ksh \d{1,3}(,\d{3})*\.\d{2}$/;

const browser = useBrowser();

test('home page lists the six newest sample products with Ksh prices', async () => {
  // The server's answer is the reference; the samples file pins that the seed put the newest last.
  const { newArrivals } = await graphql('{ newArrivals(limit: 6) { name } }');
  const serverNames = newArrivals.map((product) => product.name);
  const newestSamples = sampleProductNames().slice(-HOME_PRODUCT_COUNT).reverse();
  assert.deepEqual(serverNames, newestSamples, 'newArrivals should be the last six samples, newest first');

  const { context, page, pageErrors } = await openPage(browser());
  try {
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);

    const section = page.getByRole('region', { name: 'New Arrivals' });
    const cards = section.getByRole('article');
    // Waits past the 'Loading products…' state; a failed query would show an alert instead of cards.
    await cards.first().waitFor();
    assert.equal(await cards.count(), HOME_PRODUCT_COUNT);

    const shownNames = (await section.getByRole('heading', { level: 3 }).allTextContents()).map((name) => name.trim());
    assert.deepEqual(shownNames, serverNames, 'the grid should show what the server has, in its order');

    for (let index = 0; index < HOME_PRODUCT_COUNT; index += 1) {
      const prices = await cards.nth(index).locator('.product-price__amounts strong, .product-price__amounts s').all();
      assert.ok(prices.length > 0, `card ${index + 1} shows no price`);
      for (const price of prices) {
        const text = (await price.textContent())?.trim() ?? '';
        assert.match(text, PRICE_PATTERN, `card ${index + 1} price "${text}" is not in Ksh`);
      }
    }

    // Let the lazily loaded card images arrive so the screenshot shows the page as a visitor sees it.
    // Runs in the page, where `document` is the browser's.
    await page.evaluate(async () => {
      const images = [...globalThis.document.images];
      images.forEach((image) => (image.loading = 'eager'));
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    });
    await fs.mkdir(resultsDir(), { recursive: true });
    await page.screenshot({ path: path.join(resultsDir(), 'home.png'), fullPage: true });

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('an unknown path answers 404 with the 404 page and a way home', async () => {
  const { context, page, pageErrors } = await openPage(browser());
  try {
    const response = await page.goto('/no-such-page');
    // The status matters to crawlers; the text to people.
    assert.equal(response?.status(), 404);
    await page.getByText("Oops! The page you're looking for doesn't exist.").waitFor();

    const home = page.getByRole('link', { name: 'Go to Homepage' });
    await home.click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('region', { name: 'New Arrivals' }).getByRole('article').first().waitFor();

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('in test mode (the stand-in takes payments) every storefront page says so, from the first paint, in place', async () => {
  const notice = 'Test mode — no real payments';
  /** Where the notice and the header's row sit: what a layout shift would move. */
  const boxes = (page) =>
    Promise.all([
      page.getByText(notice, { exact: true }).boundingBox(),
      page.locator('.site-header__inner').boundingBox(),
    ]);
  // The server's first paint alone (no JavaScript), then the page React drew over it.
  const firstPaint = await browser().newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: false,
  });
  try {
    const page = await firstPaint.newPage();
    await page.goto('/category/for-women');
    const [serverNotice, serverHeader] = await boxes(page);
    assert.ok(serverNotice && serverNotice.height > 0, 'the first paint has no visible notice');

    const { context, page: live, pageErrors } = await openPage(browser());
    try {
      await live.goto('/category/for-women');
      // React has taken over once the header's menu button (hidden on a wide screen), which the first paint lacks, is there.
      await live.locator('.site-header__menu-button').waitFor({ state: 'attached' });
      const [clientNotice, clientHeader] = await boxes(live);
      assert.deepEqual(clientNotice, serverNotice, 'the notice moved when React took over');
      assert.deepEqual(clientHeader?.y, serverHeader?.y, 'the header row moved when React took over');
      for (const route of ['/', '/cart', '/account']) {
        await live.goto(route);
        await live.getByRole('banner').getByText(notice, { exact: true }).waitFor();
      }
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  } finally {
    await firstPaint.close();
  }
});
