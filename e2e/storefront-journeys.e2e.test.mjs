// Storefront journeys a shopper takes, in a real browser against the built shop (run through `npm run test:e2e`):
// home → category → product → gallery; filtering and sorting a category; writing a review; the phone menu;
// and the server-written page head that crawlers see without JavaScript. Each test opens its own context.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { baseUrl, escapeRegExp, graphql, openPage, resultsDir, useBrowser } from './support/browser.mjs';

const PHONE_VIEWPORT = { width: 375, height: 812 };
// SPEC §9: the side menu is 280 px wide.
const SIDE_MENU_WIDTH_PX = 280;
const PAGE_SIZE = 60;

const browser = useBrowser();

before(async () => {
  await fs.mkdir(resultsDir(), { recursive: true });
});

/**
 * Retries an assertion until it holds or `timeoutMs` passes, for state that settles after a request (a grid
 * refetching after a filter change). It polls the page's state; it never waits a fixed time for it.
 */
async function eventually(check, { timeoutMs = 10_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** Makes lazily loaded images load and waits for them, so a screenshot shows what a visitor sees. */
async function loadAllImages(page) {
  await page.evaluate(async () => {
    const images = [...globalThis.document.images];
    images.forEach((image) => (image.loading = 'eager'));
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
}

async function screenshot(page, name, options = {}) {
  await page.screenshot({ path: path.join(resultsDir(), name), ...options });
}

async function isFocused(locator) {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** The server's products for a listing, in the order it sorts them. */
async function serverProducts(filter, sort = 'BEST_SELLING') {
  const data = await graphql(
    `
      query ($filter: ProductFilter, $sort: ProductSort, $limit: Int) {
        products(filter: $filter, sort: $sort, limit: $limit) {
          id
          name
          inStock
          effectivePriceCents
          fromPriceCents
          images {
            url
          }
        }
        productsCount(filter: $filter)
      }
    `,
    { filter, sort, limit: PAGE_SIZE },
  );
  return { products: data.products, count: data.productsCount };
}

function countText(count) {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

/** The category page's results region and the names its cards show, once it is not refetching. */
function resultsOf(page) {
  return page.getByRole('region', { name: 'Products', exact: true });
}

async function shownNames(page) {
  const results = resultsOf(page);
  assert.equal(await results.getAttribute('aria-busy'), 'false', 'the results are still loading');
  return (await results.getByRole('article').getByRole('heading', { level: 3 }).allTextContents()).map((name) =>
    name.trim(),
  );
}

/** Waits until the grid shows exactly `expected` (names, in order) and the count line agrees. */
async function expectGrid(page, expected) {
  await eventually(async () => {
    assert.deepEqual(
      await shownNames(page),
      expected.map((product) => product.name),
    );
  });
  await page.getByText(countText(expected.length), { exact: true }).waitFor();
}

/** 'Ksh 1,234.56' → 123456 cents. */
function parseKsh(text) {
  const match = /^Ksh ([\d,]+)\.(\d{2})$/.exec(text.trim());
  assert.ok(match, `"${text}" is not a Ksh price`);
  return Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]);
}

test('home → For Women → a product → its full-screen gallery', async () => {
  const forWomen = await serverProducts({ categorySlug: 'for-women' });
  assert.ok(forWomen.count > 0, 'the seed should have FOR WOMEN products');
  // A product with several images, so the viewer has somewhere to go.
  const chosen = forWomen.products.find((product) => product.images.length > 1);
  assert.ok(chosen, 'some FOR WOMEN product should have more than one image');

  const { context, page, pageErrors } = await openPage(browser());
  try {
    await page.goto('/');
    const categories = page.getByRole('region', { name: 'Shop by Category' });
    await page.getByRole('region', { name: 'New Arrivals' }).getByRole('article').first().waitFor();
    await loadAllImages(page);
    await screenshot(page, 'journey-home-desktop.png', { fullPage: true });

    await categories.getByRole('link', { name: /^for women/i }).click();
    await page.waitForURL(`${baseUrl()}/category/for-women`);
    await page.getByRole('heading', { level: 1, name: /for women/i }).waitFor();
    await expectGrid(page, forWomen.products);
    await loadAllImages(page);
    await screenshot(page, 'journey-category.png', { fullPage: true });

    const card = resultsOf(page).getByRole('article', { name: chosen.name, exact: true });
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(`${baseUrl()}/product/${chosen.id}`);

    const product = page.getByRole('article', { name: chosen.name, exact: true });
    await product.getByRole('heading', { level: 1, name: chosen.name, exact: true }).waitFor();
    await product.getByText('Tax included', { exact: true }).waitFor();
    await product.getByText(chosen.inStock ? 'IN STOCK' : 'OUT OF STOCK', { exact: true }).waitFor();
    assert.equal(await page.title(), `${chosen.name} | Manukato`);
    await loadAllImages(page);
    await screenshot(page, 'journey-product.png', { fullPage: true });

    const opener = page.getByRole('button', { name: `View ${chosen.name} full screen` });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(chosen.name)}`) });
    const count = chosen.images.length;
    await viewer.getByText(`Image 1 of ${count}`, { exact: true }).waitFor();
    const image = viewer.getByRole('img', { name: `${chosen.name}, image 1 of ${count}` });
    const firstSrc = await image.getAttribute('src');

    await page.keyboard.press('ArrowRight');
    await viewer.getByText(`Image 2 of ${count}`, { exact: true }).waitFor();
    const secondSrc = await viewer
      .getByRole('img', { name: `${chosen.name}, image 2 of ${count}` })
      .getAttribute('src');
    assert.notEqual(secondSrc, firstSrc, 'ArrowRight should show a different image');
    assert.equal(secondSrc, chosen.images[1].url);

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await eventually(async () => assert.ok(await isFocused(opener), 'focus should return to the image button'));

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('category filters and sorts live in the URL and survive a reload', async () => {
  const slug = 'for-women';
  const term = 'eau';
  const searched = await serverProducts({ categorySlug: slug, search: term });
  const all = await serverProducts({ categorySlug: slug });
  // The term must narrow the grid, else the test proves nothing.
  assert.ok(searched.count > 1 && searched.count < all.count, `"${term}" should match some but not all`);
  const sorted = await serverProducts({ categorySlug: slug, search: term }, 'PRICE_LOW_TO_HIGH');
  const outOfStock = await serverProducts(
    { categorySlug: slug, search: term, availability: ['OUT_OF_STOCK'] },
    'PRICE_LOW_TO_HIGH',
  );
  assert.ok(outOfStock.count > 0, 'some matching product should be out of stock');

  const { context, page, pageErrors } = await openPage(browser());
  try {
    await page.goto(`/category/${slug}`);
    await expectGrid(page, all.products);

    await page.getByRole('searchbox', { name: 'Search by name' }).fill(term);
    await page.waitForURL((url) => url.searchParams.get('q') === term);
    await expectGrid(page, searched.products);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-low-to-high');
    await expectGrid(page, sorted.products);
    const prices = await Promise.all(
      (await resultsOf(page).locator('.product-price__amounts strong').allTextContents()).map(parseKsh),
    );
    assert.equal(prices.length, sorted.count);
    assert.deepEqual(
      prices,
      [...prices].sort((a, b) => a - b),
      `displayed prices should ascend: ${prices.join(', ')}`,
    );
    assert.deepEqual(
      prices,
      // A card shows the cheapest size's price ("from Ksh …"), which the sort orders by.
      sorted.products.map((product) => product.fromPriceCents),
    );

    // The box is ticked from the URL, which the router updates in a React transition a moment after the
    // click; check() reads the box straight after clicking and, on a busy machine, can still see it unticked.
    const outOfStockBox = page.getByRole('checkbox', { name: 'Out of stock' });
    await outOfStockBox.click();
    await page.waitForURL((url) => url.searchParams.getAll('availability').includes('out-of-stock'));
    await eventually(async () => assert.ok(await outOfStockBox.isChecked(), 'the Out of stock box is not ticked'));
    await expectGrid(page, outOfStock.products);
    const cards = resultsOf(page).getByRole('article');
    for (let index = 0; index < outOfStock.count; index += 1) {
      const button = cards.nth(index).getByRole('button', { name: 'Out of Stock' });
      assert.ok(await button.isDisabled(), `card ${index + 1} should be out of stock`);
    }

    const filteredUrl = page.url();
    await page.reload();
    assert.equal(page.url(), filteredUrl);
    await expectGrid(page, outOfStock.products);
    assert.equal(await page.getByRole('searchbox', { name: 'Search by name' }).inputValue(), term);
    assert.ok(await page.getByRole('checkbox', { name: 'Out of stock' }).isChecked());
    assert.ok(!(await page.getByRole('checkbox', { name: 'In stock' }).isChecked()));
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'PRICE_LOW_TO_HIGH');

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test("the header's and the footer's category slugs both list products", async () => {
  // Header: kids, room; footer: for-children, room-sprays (SPEC §2). Each pair must list the same products.
  const pairs = [
    ['kids', 'for-children'],
    ['room', 'room-sprays'],
  ];
  const { context, page, pageErrors } = await openPage(browser());
  try {
    for (const pair of pairs) {
      const expected = await serverProducts({ categorySlug: pair[1] });
      assert.ok(expected.count > 0, `${pair[1]} should have products`);
      for (const slug of pair) {
        await page.goto(`/category/${slug}`);
        await expectGrid(page, expected.products);
      }
    }
    // And the footer's link, followed as a shopper would.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Room Sprays' }).click();
    await page.waitForURL(`${baseUrl()}/category/room-sprays`);
    await expectGrid(page, (await serverProducts({ categorySlug: 'room-sprays' })).products);

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('a guest writes a review and sees it listed', async () => {
  // Unique per run, in case the shop's data outlives one run.
  const nickname = `E2E Shopper ${Date.now().toString(36)}`;
  const title = `Lovely scent ${Math.random().toString(36).slice(2, 8)}`;

  const { context, page, pageErrors } = await openPage(browser());
  try {
    await page.goto('/');
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    const opener = reviews.getByRole('button', { name: 'Write a review' });
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'Write a review' });
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    // SPEC §5: problems are reported in order, rating first.
    await dialog.getByRole('alert').filter({ hasText: 'Please provide a rating.' }).waitFor();

    // The radios are visually hidden behind their stars: click the star, as a shopper does.
    const fourStars = dialog.getByRole('radio', { name: '4 stars' });
    await dialog.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
    assert.ok(await fourStars.isChecked(), 'clicking the fourth star should select 4 stars');
    await dialog.getByLabel('Nickname').fill(nickname);
    await dialog.getByLabel('Review title').fill(title);
    await dialog.getByLabel('Your review').fill('Long-lasting and warm; written by the browser tests.');
    await dialog.getByRole('button', { name: 'Submit review' }).click();

    await page.getByRole('status').filter({ hasText: 'Thank you for your review!' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = reviews.getByRole('article', { name: title, exact: true });
    await card.getByText(nickname, { exact: true }).waitFor();
    await card.getByText('Long-lasting and warm; written by the browser tests.').waitFor();

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test("a review written on a product's page is listed and rated there, and not on another product or the home page", async () => {
  const title = `Rich and smoky ${Math.random().toString(36).slice(2, 8)}`;
  const { context, page, pageErrors } = await openPage(browser());
  try {
    await page.goto('/product/4');
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    await reviews.getByRole('button', { name: /^Write a review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a review' });
    await dialog.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await dialog.getByLabel('Nickname').fill('Product Tester');
    await dialog.getByLabel('Review title').fill(title);
    await dialog.getByLabel('Your review').fill('About this bottle only.');
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you for your review!' }).waitFor();

    // Listed at once (the cached answers for this product were dropped), with the product's own figures.
    await reviews.getByRole('article', { name: title, exact: true }).waitFor();
    await reviews.getByRole('list', { name: 'Ratings breakdown' }).waitFor();
    await reviews.getByText(/^\d\.\d out of 5 · Based on \d+ reviews?$/).waitFor();

    // Another product and the home page do not show it.
    await page.goto('/product/5');
    await page.getByRole('region', { name: 'Customer Reviews' }).getByRole('heading', { level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('article', { name: title, exact: true }).count(), 0);
    await page.goto('/');
    await page.getByRole('region', { name: 'Customer Reviews' }).getByRole('heading', { level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('article', { name: title, exact: true }).count(), 0);

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('on a phone the menu button opens a 280 px side menu that closes on Escape and on the overlay', async () => {
  const { context, page, pageErrors } = await openPage(browser());
  try {
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto('/');
    await page.getByRole('region', { name: 'New Arrivals' }).getByRole('article').first().waitFor();
    // Below 768 px the header's own links give way to the menu.
    assert.ok(!(await page.getByRole('navigation', { name: 'Main' }).isVisible()), 'header links should be hidden');

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
    const nav = menu.getByRole('navigation', { name: 'Menu' });
    for (const label of ['Home', 'For Women', 'For Men', 'Kids', 'Room', 'Unisex']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    // Let the slide-in finish before measuring and photographing.
    await eventually(async () => {
      const box = await menu.boundingBox();
      assert.ok(box, 'the menu has no box');
      assert.equal(Math.round(box.x), 0, 'the menu should sit at the left edge');
      assert.equal(Math.round(box.width), SIDE_MENU_WIDTH_PX);
    });
    await screenshot(page, 'journey-mobile-menu.png');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await eventually(async () => assert.ok(await isFocused(menuButton), 'focus should return to the menu button'));

    await menuButton.click();
    await menu.waitFor();
    // A click on the dimmed page to the right of the menu.
    await page.mouse.click(PHONE_VIEWPORT.width - 20, PHONE_VIEWPORT.height / 2);
    await menu.waitFor({ state: 'detached' });
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');

    // A link in the menu navigates and closes it.
    await menuButton.click();
    await menu.getByRole('link', { name: 'For Men', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/category/for-men`);
    await menu.waitFor({ state: 'detached' });

    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('GET /product/1 without JavaScript carries the title, Open Graph tags and a JSON-LD Product', async () => {
  const { product } = await graphql('{ product(id: 1) { name } }');
  assert.ok(product, 'the seed should have product 1');

  const response = await fetch(`${baseUrl()}/product/1`, { headers: { accept: 'text/html' } });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  const html = await response.text();

  const titleMatch = /<title[^>]*>([^<]*)<\/title>/.exec(html);
  assert.ok(titleMatch, 'no <title>');
  assert.ok(decodeEntities(titleMatch[1]).includes(product.name), `title "${titleMatch[1]}" lacks the name`);

  const og = Object.fromEntries(
    [...html.matchAll(/<meta\s+property="(og:[^"]+)"\s+content="([^"]*)"/g)].map((match) => [
      match[1],
      decodeEntities(match[2]),
    ]),
  );
  for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
    assert.ok(og[property], `missing ${property}`);
  }
  assert.ok(og['og:title'].includes(product.name));
  assert.equal(og['og:type'], 'product');
  assert.match(og['og:url'], /\/product\/1$/);

  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]),
  );
  // A Product, or for a product in sizes a ProductGroup with one Product and Offer per size (decision 0087).
  const ldProduct = jsonLd.find((entry) => entry['@type'] === 'Product' || entry['@type'] === 'ProductGroup');
  assert.ok(ldProduct, `no JSON-LD Product among ${jsonLd.map((entry) => entry['@type']).join(', ')}`);
  assert.equal(ldProduct.name, product.name);
  const offers =
    ldProduct['@type'] === 'ProductGroup' ? ldProduct.hasVariant.map((size) => size.offers) : [ldProduct.offers];
  assert.ok(offers.length > 0, 'no offers');
  for (const offer of offers) {
    assert.equal(offer?.priceCurrency, 'KES');
    assert.match(String(offer?.price), /^\d+(\.\d{2})?$/);
  }
});

function decodeEntities(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
