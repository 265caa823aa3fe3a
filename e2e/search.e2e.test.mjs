// The header's search (issue 13, decision 0051) as a shopper uses it: a misspelt name typed into the combobox is
// suggested anyway, the keyboard picks it and the product page opens; Enter without a pick opens /search with the
// category page's filters and sorts; on a phone a button reveals the field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, graphql, useBrowser, withPage } from './support/browser.mjs';

const browser = useBrowser();

const searchField = (page) =>
  page.getByRole('banner').getByRole('combobox', { name: 'Search products and categories' });

async function oudProduct() {
  const { products } = await graphql('{ products(filter: { search: "oud savanna" }, limit: 1) { id name } }');
  assert.ok(products.length === 1, 'the seed has Oud Savanna');
  return products[0];
}

test('a misspelt name is suggested; the arrow keys and Enter open its product page', async () => {
  const product = await oudProduct();
  await withPage(browser(), async ({ page }) => {
    await page.goto('/');
    const field = searchField(page);
    await field.click();
    await field.pressSequentially('oud savana', { delay: 20 });
    const suggestion = page.getByRole('option', { name: new RegExp(product.name) });
    await suggestion.waitFor();
    assert.equal(await field.getAttribute('aria-expanded'), 'true');

    // Down until the product is the highlighted option (categories, if any, come first).
    for (let presses = 0; presses < 10; presses += 1) {
      await page.keyboard.press('ArrowDown');
      if ((await suggestion.getAttribute('aria-selected')) === 'true') break;
    }
    assert.equal(await field.getAttribute('aria-activedescendant'), await suggestion.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  });
});

test('Enter without a pick opens /search: ranked results, a count, sorts and filters, noindex', async () => {
  const product = await oudProduct();
  await withPage(browser(), async ({ page }) => {
    await page.goto('/category/for-men');
    await searchField(page).fill('oudh');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/search?q=oudh`);
    await page.getByRole('heading', { level: 1, name: 'Search results for “oudh”' }).waitFor();
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    assert.match(await cards.first().innerText(), new RegExp(product.name));
    await page.getByText(/^\d+ products?$/).waitFor();
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: High to Low' });
    await page.waitForURL(/sort=price-high-to-low/);
    // click, not check: the filter lives in the URL, so the box is drawn again from it after the click, and
    // check() can read it in between and call the click lost.
    await page.getByRole('checkbox', { name: 'In stock' }).click();
    await page.waitForURL(/availability=in-stock/);
    await page.getByRole('checkbox', { name: 'In stock', checked: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Search results for “oudh”' }).waitFor();
  });
});

test('nothing found shows what to try and the categories to browse', async () => {
  await withPage(browser(), async ({ page }) => {
    await page.goto('/search?q=zzqxj');
    await page.getByText('No products match “zzqxj”.', { exact: false }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'FOR WOMEN' }).waitFor();
  });
});

test('on a phone a button reveals the field; Escape closes the list, then empties the field', async () => {
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const field = searchField(page);
    assert.equal(await field.isVisible(), false);
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await field.waitFor();
    assert.ok(
      await field.evaluate((element) => element === globalThis.document.activeElement),
      'the field has the focus',
    );
    await field.pressSequentially('lavendar', { delay: 20 });
    await page.getByRole('option', { name: /Lavender Calm Room Spray/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor({ state: 'hidden' });
    assert.equal(await field.inputValue(), 'lavendar');
    await page.keyboard.press('Escape');
    assert.equal(await field.inputValue(), '');
  });
});
