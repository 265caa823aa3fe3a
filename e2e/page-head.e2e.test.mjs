// The page head after the client starts and after client-side navigation: one <title> and one of each
// description, Open Graph and Twitter tag, saying what the server writes for that page (React hoists each page's
// own tags into <head>; the server's copies must go, not stay beside them). And the rendered headings never skip
// a level.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, graphql, useBrowser, withPage } from './support/browser.mjs';

const browser = useBrowser();

// The tags a page has exactly one of; `title` is the <title> element's text.
const singleTags = {
  title: 'title',
  description: 'meta[name="description"]',
  'og:title': 'meta[property="og:title"]',
  'og:description': 'meta[property="og:description"]',
  'twitter:title': 'meta[name="twitter:title"]',
  'twitter:description': 'meta[name="twitter:description"]',
};

/** Every value of each tag in a document's head, in the browser (for the live page and for the server's HTML). */
function readHead(page, html) {
  return page.evaluate(
    ({ tags, source }) => {
      const doc =
        source === null ? globalThis.document : new globalThis.DOMParser().parseFromString(source, 'text/html');
      return Object.fromEntries(
        Object.entries(tags).map(([key, selector]) => [
          key,
          [...doc.head.querySelectorAll(selector)].map((node) =>
            node.tagName === 'TITLE' ? node.textContent : node.getAttribute('content'),
          ),
        ]),
      );
    },
    { tags: singleTags, source: html ?? null },
  );
}

/** What the server writes into the head of `path`: one text per tag. */
async function serverHead(page, path) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
  assert.equal(response.status, 200, `status of ${path}`);
  const head = await readHead(page, await response.text());
  for (const [key, values] of Object.entries(head)) assert.equal(values.length, 1, `the server's ${key} on ${path}`);
  return Object.fromEntries(Object.entries(head).map(([key, [value]]) => [key, value]));
}

/** The live page's head, once its data has loaded: one of each tag, each with the server's text. */
async function expectHead(page, path) {
  const expected = await serverHead(page, path);
  const wanted = Object.fromEntries(Object.entries(expected).map(([key, value]) => [key, [value]]));
  // A page's head may say less while its data loads (a category's description); it settles within a moment.
  let live;
  for (const started = Date.now(); Date.now() - started < 15_000; await page.waitForTimeout(100)) {
    live = await readHead(page);
    if (JSON.stringify(live) === JSON.stringify(wanted)) break;
  }
  for (const [key, values] of Object.entries(live)) {
    assert.deepEqual(values, wanted[key], `${key} on ${path} after the client started`);
  }
  return expected;
}

/** Headings a screen reader finds (visually hidden ones count, display:none ones do not) never skip a level. */
async function expectHeadingOutline(page, path) {
  const levels = await page.evaluate(() =>
    [...globalThis.document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.checkVisibility() && !heading.closest('[aria-hidden="true"]'))
      .map((heading) => Number(heading.tagName[1])),
  );
  assert.equal(levels[0], 1, `the first heading on ${path}`);
  levels.slice(1).forEach((level, index) => {
    assert.ok(level <= levels[index] + 1, `h${levels[index]} → h${level} on ${path}: ${levels.join(' ')}`);
  });
}

/** The footer is drawn by React only (the server's first paint has header and main): the client has started. */
async function waitForStart(page) {
  await page.getByRole('contentinfo').waitFor();
}

async function firstProductOf(slug) {
  const { products } = await graphql(
    'query ($slug: String!) { products(filter: { categorySlug: $slug }, limit: 1) { id name } }',
    { slug },
  );
  assert.ok(products.length > 0, `the seed should have products in ${slug}`);
  return products[0];
}

test('each page loaded directly ends with one title and one of each meta tag, in the server’s words', async () => {
  const product = await firstProductOf('for-women');
  for (const path of [
    '/',
    '/category/for-women',
    `/product/${product.id}`,
    '/new-arrivals',
    '/returns',
    '/contact',
    '/search?q=oud',
  ]) {
    await withPage(browser(), async ({ page }) => {
      await page.goto(path);
      await waitForStart(page);
      await expectHead(page, path);
      await expectHeadingOutline(page, path);
    });
  }
});

test('client-side navigation home → category → product → home keeps one head, each page’s own', async () => {
  const product = await firstProductOf('for-women');
  await withPage(browser(), async ({ page }) => {
    await page.goto('/');
    await waitForStart(page);
    const home = await expectHead(page, '/');
    await expectHeadingOutline(page, '/');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For Women' }).click();
    await page.waitForURL(`${baseUrl()}/category/for-women`);
    const category = await expectHead(page, '/category/for-women');
    // Nothing the server wrote for the first page (its structured data, canonical, image) describes this one.
    assert.equal(await page.locator('head [data-ssr]').count(), 0);
    assert.notEqual(category.title, home.title);
    assert.match(category.title, /for women/i);
    await page.getByRole('article', { name: product.name, exact: true }).first().waitFor();
    await expectHeadingOutline(page, '/category/for-women');

    await page
      .getByRole('article', { name: product.name, exact: true })
      .first()
      .getByRole('link', { name: 'View Details' })
      .click();
    await page.waitForURL(`${baseUrl()}/product/${product.id}`);
    const shown = await expectHead(page, `/product/${product.id}`);
    assert.equal(shown.title, `${product.name} | Manukato`);
    await expectHeadingOutline(page, `/product/${product.id}`);

    await page.goBack();
    await page.waitForURL(`${baseUrl()}/category/for-women`);
    await expectHead(page, '/category/for-women');

    await page.getByRole('link', { name: 'MANUKATO' }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await expectHead(page, '/');
  });
});
