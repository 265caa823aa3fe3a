// Sizes (issue 25) in a real browser against the built shop (run through `npm run test:e2e -- sizes`): a shopper
// chooses sizes on a product page (its price and stock follow, the URL keeps the choice, a sold-out size shows but
// cannot be added), buys two sizes of one perfume through the Paystack stand-in, and finds both sizes in My Orders
// and in the admin's orders; the admin imports a CSV of 200 products with sizes (a dry run first), and a shopper
// finds one of them by a note with the search page's facet filter. Each test opens its own contexts; the imported
// products are deleted afterwards, so the files after this one see the sample catalogue again.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { test } from 'node:test';
import { createAccount, expectSignedIn, signIn, signInAsAdmin } from './support/accounts.mjs';
import { escapeRegExp, graphql, ksh, openPage, pageGraphql, useBrowser, withPage } from './support/browser.mjs';

const THANK_YOU = 'Thank you for your purchase!';
const CONFIRMED = 'Your order has been confirmed and will be shipped soon.';
// The product page's stock badge (client/src/features/catalog/pages/product-page.tsx).
const IN_STOCK = 'IN STOCK';
const OUT_OF_STOCK = 'OUT OF STOCK';
// The product page's quantity field stops at the stock, and at 99 whatever the stock.
const MAX_QUANTITY = 99;
// At or below this many, a size's button says how many are left (client/src/features/catalog/components/stock-text.ts).
const FEW_LEFT = 5;
// Each bought size needs one in stock; two spare, so a re-run against the same shop still finds it.
const MIN_STOCK = 3;
// The products the shop's API pages through (the listings' page size).
const PAGE_SIZE = 60;
const PHONE_TYPED = '0712 345 678';

// The import: 200 products in 2 or 3 sizes, notes from small pools (every note the search shows fits in the facet
// counts, which keep the 30 commonest), and one product with a note no other has.
const IMPORTED_PRODUCTS = 200;
// Checking and importing ~470 rows on a loaded two-core machine: well past the 15 s a step usually gets.
const IMPORT_TIMEOUT_MS = 60_000;
const RARE_NOTE = 'osmanthus';
const NOTE_POOLS = {
  top: ['bergamot', 'lemon', 'pink pepper', 'mandarin'],
  heart: ['rose', 'jasmine', 'lavender', 'iris'],
  base: ['musk', 'cedar', 'vanilla', 'amber'],
};
const FAMILIES = ['woody', 'floral', 'citrus', 'aromatic'];
// Its columns (decision 0086, server/src/modules/catalog/product-csv.ts): one row per size, grouped by handle.
const CSV_COLUMNS = [
  'handle',
  'name',
  'description',
  'categories',
  'scent_family',
  'for_whom',
  'notes_top',
  'notes_heart',
  'notes_base',
  'images',
  'size_ml',
  'concentration',
  'is_sample',
  'sku',
  'price_kes',
  'sale_price_kes',
  'on_sale',
  'quantity',
  'size_images',
];

const browser = useBrowser();

const startsWith = (text) => new RegExp(`^${escapeRegExp(text)}`);
const header = (page) => page.getByRole('banner');
const adminNav = (page) => page.getByRole('navigation', { name: 'Admin' });
const lineName = (product, size) => `${product.name} (${size.label})`;

/** What a size's button says about its stock: "Sold out", "Only 3 left", or nothing when there are plenty. */
function stockText(size) {
  if (!size.inStock) return 'Sold out';
  return size.quantity <= FEW_LEFT ? `Only ${size.quantity} left` : null;
}

/** Every product the shop lists, a page at a time. */
async function allProducts() {
  const products = [];
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const data = await graphql(
      `
        query ($limit: Int, $offset: Int) {
          products(limit: $limit, offset: $offset, sort: ALPHABETICALLY) {
            id
            name
            pricesDiffer
            fromPriceCents
            categories {
              id
              slug
            }
            variants {
              id
              label
              effectivePriceCents
              quantity
              inStock
            }
          }
        }
      `,
      { limit: PAGE_SIZE, offset },
    );
    products.push(...data.products);
    if (data.products.length < PAGE_SIZE) return products;
  }
}

/**
 * What the server says the purchase is: a product with a sold-out size and two sizes in stock that differ in price
 * and in the stock the page shows, and the dearest delivery location.
 */
async function sizesFacts() {
  const products = await allProducts();
  const candidates = products.flatMap((product) => {
    const soldOut = product.variants.find((size) => !size.inStock);
    const stocked = product.variants.filter((size) => size.inStock && size.quantity >= MIN_STOCK);
    for (const first of stocked) {
      for (const second of stocked) {
        if (
          first.id !== second.id &&
          first.effectivePriceCents !== second.effectivePriceCents &&
          Math.min(first.quantity, MAX_QUANTITY) !== Math.min(second.quantity, MAX_QUANTITY) &&
          product.categories.length > 0 &&
          soldOut
        ) {
          return [{ product, soldOut, first, second }];
        }
      }
    }
    return [];
  });
  assert.ok(
    candidates.length > 0,
    'the seed should have a product with a sold-out size and two sizes in stock at different prices and stock',
  );
  const { deliveryLocations } = await graphql('{ deliveryLocations { id name feeCents } }');
  assert.ok(deliveryLocations.length > 0, 'the seed should have delivery locations');
  const location = deliveryLocations.reduce((dearest, candidate) =>
    candidate.feeCents > dearest.feeCents ? candidate : dearest,
  );
  return { ...candidates[0], location };
}

/** The header's cart link names how many items the cart holds ('Cart, 2 items'). */
async function expectBadge(page, quantity) {
  const name = quantity === 0 ? 'Cart' : `Cart, ${quantity} ${quantity === 1 ? 'item' : 'items'}`;
  await header(page).getByRole('link', { name, exact: true }).waitFor();
}

/** The product page's size radios (drawn as buttons), in the "Size" group. */
function sizeRadio(page, size) {
  return page.getByRole('group', { name: 'Size', exact: true }).getByRole('radio', { name: size.label, exact: true });
}

/** A size's button as a shopper sees it: the label around its radio, with its name, price and stock. */
function sizeButton(page, size) {
  return page
    .getByRole('group', { name: 'Size', exact: true })
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: size.label, exact: true }) });
}

/**
 * Checks that the product page shows `size` as the chosen one: its radio checked, the URL naming it, the price and
 * stock badge its own, the quantity field stopping at its stock, and Add to Cart only when there is some.
 */
async function expectChosen(page, product, size) {
  const article = page.getByRole('article', { name: product.name, exact: true });
  await page
    .getByRole('group', { name: 'Size', exact: true })
    .getByRole('radio', { name: size.label, exact: true, checked: true })
    .waitFor();
  // The URL names the size, unless it is the default and none was chosen yet.
  const param = new URL(page.url()).searchParams.get('size');
  assert.ok(
    param === String(size.id) || (param === null && size.id === product.variants[0].id),
    `the URL names size ${param}, not ${size.id}`,
  );
  await article
    .locator('.product-price--large .product-price__amounts strong')
    .filter({ hasText: new RegExp(`^${escapeRegExp(ksh(size.effectivePriceCents))}$`) })
    .waitFor();
  await article.getByText(size.inStock ? IN_STOCK : OUT_OF_STOCK, { exact: true }).waitFor();
  const quantity = article.getByRole('spinbutton', { name: 'Quantity', exact: true });
  if (size.inStock) {
    assert.equal(await quantity.getAttribute('max'), String(Math.min(size.quantity, MAX_QUANTITY)));
    assert.equal(await article.getByRole('button', { name: 'ADD TO CART', exact: true }).isEnabled(), true);
  } else {
    assert.equal(await quantity.count(), 0, 'a sold-out size offers a quantity');
    assert.equal(await article.getByRole('button', { name: 'Out of Stock', exact: true }).isDisabled(), true);
  }
}

/** Clicks a size's button (its label, as a shopper does) and waits for the URL to keep the choice. */
async function chooseSize(page, size) {
  await sizeButton(page, size).click();
  await page.waitForURL((url) => url.searchParams.get('size') === String(size.id));
}

/** Adds the chosen size from the product page and closes the mini-cart, which names the size added. */
async function addChosenSize(page, size, quantityAfter) {
  await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
  await expectBadge(page, quantityAfter);
  const drawer = page.getByRole('dialog', { name: 'Added to cart', exact: true });
  await drawer.getByText(size.label, { exact: true }).waitFor();
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await drawer.waitFor({ state: 'detached' });
}

/** Shipping form → Card → Pay Now → the stand-in's page → Pay → the thank-you page; the order's id. */
async function payByCard(page, account, totalCents) {
  await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
  const shipping = page.getByRole('dialog', { name: 'Shipping Information' });
  await shipping.getByLabel('Phone Number', { exact: true }).fill(PHONE_TYPED);
  await shipping.getByLabel('Address', { exact: true }).fill('12 Riverside Drive');
  await shipping.getByLabel('City', { exact: true }).fill('Nairobi');
  await shipping.getByLabel('Postal Code', { exact: true }).fill('00100');
  await shipping.getByRole('button', { name: 'Continue to Payment', exact: true }).click();
  const payment = page.getByRole('dialog', { name: 'Payment Method' });
  await payment.getByRole('radio', { name: 'Card', exact: true }).check();
  await payment.getByText(ksh(totalCents), { exact: true }).waitFor();
  await payment.getByRole('button', { name: 'Pay Now', exact: true }).click();

  await page.waitForURL((url) => url.pathname.startsWith('/paystack-simulator/pay/'));
  await page.getByRole('heading', { name: 'Payment simulator', level: 1 }).waitFor();
  await page.getByText(ksh(totalCents), { exact: true }).waitFor();
  await page.getByText(account.email).waitFor();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/callback' && url.searchParams.has('reference'));
  await page.getByRole('heading', { name: THANK_YOU, level: 1 }).waitFor();
  await page.getByRole('status').filter({ hasText: CONFIRMED }).waitFor();
  await expectSignedIn(page);
  await expectBadge(page, 0);
}

test('a shopper chooses sizes, buys two sizes of one perfume, and both show in My Orders and the admin orders', async () => {
  const { product, soldOut, first, second, location } = await sizesFacts();
  const [defaultSize] = product.variants;
  const account = await createAccount('sizes');
  let order;

  await withPage(browser(), async ({ page }) => {
    await signIn(page, account.email, account.password);

    // The category card: "from" the cheapest size's price, since the sizes differ in price.
    await page.goto(`/category/${product.categories[0].slug}`);
    const card = page.getByRole('article', { name: product.name, exact: true });
    assert.equal(product.pricesDiffer, true);
    await card.getByText(`from ${ksh(product.fromPriceCents)}`, { exact: true }).waitFor();
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL((url) => url.pathname === `/product/${product.id}`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();

    // Every size is a button with its price and stock; the default is chosen (the URL names no size yet).
    const radios = page.getByRole('group', { name: 'Size', exact: true }).getByRole('radio');
    assert.equal(await radios.count(), product.variants.length);
    for (const size of product.variants) {
      const option = sizeButton(page, size);
      const text = await option.innerText();
      assert.ok(text.includes(ksh(size.effectivePriceCents)), `the ${size.label} button shows its price: ${text}`);
      const stock = stockText(size);
      if (stock) assert.ok(text.includes(stock), `the ${size.label} button says "${stock}": ${text}`);
      else assert.ok(!/left|Sold out/.test(text), `the ${size.label} button says nothing of its stock: ${text}`);
    }
    assert.equal(await sizeRadio(page, defaultSize).isChecked(), true);

    // Choosing sizes: the sold-out one shows but cannot be added; the two others change the price and the stock.
    let chosen = defaultSize;
    for (const size of [soldOut, first, second]) {
      if (size.id !== chosen.id) await chooseSize(page, size);
      chosen = size;
      await expectChosen(page, product, size);
      if (size === first) await addChosenSize(page, first, 1);
    }
    // The URL keeps the size: a reload shows the second size again, which is added next.
    await page.reload();
    await expectChosen(page, product, second);
    await addChosenSize(page, second, 2);

    // The cart: one line per size, each named with its size.
    await header(page).getByRole('link', { name: 'Cart, 2 items', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    const items = page.getByRole('list', { name: 'Cart items' });
    for (const size of [first, second]) {
      const row = items.getByRole('listitem', { name: lineName(product, size), exact: true });
      const unit = ksh(size.effectivePriceCents);
      await row.getByText(`${unit} × 1 = ${unit}`, { exact: true }).waitFor();
    }
    assert.equal(await items.getByRole('listitem').count(), 2);

    // The server prices the cart; its subtotal is the two sizes' prices, and the summary shows its total.
    await page.getByRole('radio', { name: startsWith(location.name) }).check();
    await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).waitFor();
    const { cart } = await pageGraphql(
      page,
      '{ cart { id subtotalCents deliveryQuotes { deliveryLocationId totalCents } } }',
    );
    assert.equal(cart.subtotalCents, first.effectivePriceCents + second.effectivePriceCents);
    const quote = cart.deliveryQuotes.find((candidate) => candidate.deliveryLocationId === location.id);
    assert.ok(quote, 'the cart has a quote for the chosen location');
    await page
      .getByRole('complementary', { name: 'Order Summary' })
      .getByText(ksh(quote.totalCents), { exact: true })
      .first()
      .waitFor();

    await payByCard(page, account, quote.totalCents);

    const { myOrders } = await pageGraphql(
      page,
      '{ myOrders { id paymentStatus totalCents items { id variantId sizeLabel quantity unitPriceCents } } }',
    );
    assert.equal(myOrders.length, 1, 'the new shopper should have exactly one order');
    [order] = myOrders;
    assert.equal(order.paymentStatus, 'completed');
    assert.equal(order.totalCents, quote.totalCents);
    assert.deepEqual(
      order.items.map((item) => [item.variantId, item.sizeLabel, item.quantity, item.unitPriceCents]).sort(),
      [first, second].map((size) => [size.id, size.label, 1, size.effectivePriceCents]).sort(),
    );

    // My Orders: both lines, each with its size.
    await page.getByRole('link', { name: 'View My Orders', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/my-orders');
    const shortId = order.id.slice(0, 8);
    await page.getByRole('button', { name: startsWith(`Order #${shortId}`) }).click();
    const details = page.getByRole('region', { name: `Order ${shortId} details`, exact: true });
    await details.waitFor();
    const itemTexts = (
      await details.locator('.order-row__items > li').evaluateAll((lines) => lines.map((line) => line.textContent))
    ).sort();
    assert.deepEqual(
      itemTexts,
      [first, second].map((size) => `${lineName(product, size)}1 × ${ksh(size.effectivePriceCents)}`).sort(),
    );
  });

  // The admin's orders: the order's items name both sizes.
  await withPage(browser(), async ({ page }) => {
    await signInAsAdmin(page);
    await adminNav(page).getByRole('link', { name: 'Orders' }).click();
    const shortId = order.id.slice(0, 8);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(shortId);
    const row = page.getByRole('row', { name: `Order ${shortId}` });
    await row.getByText(`${lineName(product, first)} × 1`).waitFor();
    const rowText = await row.innerText();
    for (const size of [first, second]) {
      assert.ok(rowText.includes(`${lineName(product, size)} × 1`), `the admin's row names ${size.label}: ${rowText}`);
    }
  });
});

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
function csvCell(value) {
  const text = String(value ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Letters only, so the names' search and the handles (lower-case letters, digits and hyphens) take it as is. */
function randomWord(length) {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/**
 * The import file: IMPORTED_PRODUCTS products named "<Word> Atelier No. n", each in 100 ml and 50 ml Eau de Parfum
 * and every third one also a 5 ml decant; the product's columns on its first row only. The product at `rareIndex`
 * also has RARE_NOTE.
 */
function importCsv(word, rareIndex) {
  const title = word[0].toUpperCase() + word.slice(1);
  const lines = [CSV_COLUMNS.join(',')];
  const products = [];
  let sizeCount = 0;
  for (let index = 0; index < IMPORTED_PRODUCTS; index += 1) {
    const number = index + 1;
    const name = `${title} Atelier No. ${number}`;
    const pick = (pool, offset = 0) => pool[(index + offset) % pool.length];
    const heart = [pick(NOTE_POOLS.heart), ...(index === rareIndex ? [RARE_NOTE] : [])];
    const product = {
      handle: `${word}-atelier-${number}`,
      name,
      description: `${name}: an eau de parfum imported from the shop's spreadsheet, in two or three sizes.`,
      categories: 'UNISEX',
      scent_family: pick(FAMILIES),
      for_whom: 'unisex',
      notes_top: [pick(NOTE_POOLS.top), pick(NOTE_POOLS.top, 1)].join('|'),
      notes_heart: heart.join('|'),
      notes_base: pick(NOTE_POOLS.base, 2),
      images: '',
    };
    const sizes = [
      { size_ml: 100, price_kes: 6000 + number, quantity: 12 },
      { size_ml: 50, price_kes: 3500 + number, quantity: 8 },
      ...(index % 3 === 0 ? [{ size_ml: 5, is_sample: 'true', price_kes: 700, quantity: 30 }] : []),
    ];
    sizes.forEach((size, position) => {
      const row = {
        ...(position === 0 ? product : { handle: product.handle }),
        concentration: 'eau_de_parfum',
        is_sample: 'false',
        sku: `${word.toUpperCase()}-${number}-${size.size_ml}`,
        sale_price_kes: '',
        on_sale: 'false',
        size_images: '',
        ...size,
      };
      lines.push(CSV_COLUMNS.map((column) => csvCell(row[column])).join(','));
    });
    sizeCount += sizes.length;
    products.push({ name, sizes });
  }
  return { csv: `${lines.join('\r\n')}\r\n`, products, sizeCount };
}

/** The admin's products whose name, category or description holds `text`, every page. */
async function adminProductIds(page, text) {
  const ids = [];
  for (;;) {
    const { adminProducts } = await pageGraphql(
      page,
      'query ($search: String, $offset: Int) { adminProducts(search: $search, limit: 100, offset: $offset) { products { id } totalCount } }',
      { search: text, offset: ids.length },
    );
    ids.push(...adminProducts.products.map((product) => product.id));
    if (adminProducts.products.length === 0 || ids.length >= adminProducts.totalCount) return ids;
  }
}

/** Deletes the imported products (in no order, so deleted, not archived), a few at a time. */
async function deleteProducts(page, ids) {
  for (let start = 0; start < ids.length; start += 10) {
    await Promise.all(
      ids.slice(start, start + 10).map(async (id) => {
        const { deleteProduct } = await pageGraphql(
          page,
          'mutation ($id: Int!) { deleteProduct(id: $id) { deletedId archived errors { message } } }',
          { id },
        );
        assert.deepEqual(deleteProduct.errors, [], `deleting product ${id}`);
      }),
    );
  }
}

test('the admin imports 200 products with sizes from a CSV, and a shopper finds one by a note', async () => {
  const word = `zq${randomWord(6)}`;
  const rareIndex = 136;
  const { csv, products, sizeCount } = importCsv(word, rareIndex);
  const target = products[rareIndex];
  const file = { name: 'manukato-products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  const admin = await openPage(browser());
  let failure;
  try {
    const { page } = admin;
    await signInAsAdmin(page);
    await adminNav(page).getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('link', { name: 'Import / Export CSV' }).click();
    await page.waitForURL((url) => url.pathname === '/oxalis/import');

    // The dry run: every row read, none wrong, what it would give, and nothing written yet.
    await page.getByRole('heading', { name: 'Import / Export products', level: 1 }).waitFor();
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    assert.equal(await importButton.isDisabled(), true, 'Import is enabled before the file is checked');
    await page.getByLabel('CSV file', { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: 'Check file', exact: true }).click();
    const summary = page.getByRole('status', { name: 'Import summary', exact: true });
    await summary
      .getByText(`The file is ready to import: ${sizeCount} rows and no errors.`, { exact: true })
      .waitFor({ timeout: IMPORT_TIMEOUT_MS });
    await summary
      .getByText(`Would give ${IMPORTED_PRODUCTS} new products, 0 products updated`, { exact: true })
      .waitFor();
    await summary.getByText(`Would give ${sizeCount} new sizes, 0 sizes updated`, { exact: true }).waitFor();
    assert.equal(
      (await graphql('query ($f: ProductFilter) { productsCount(filter: $f) }', { f: { search: word } })).productsCount,
      0,
      'the dry run wrote products',
    );

    // The import: 200 products with their sizes.
    await importButton.click();
    await summary.getByText('Imported.', { exact: true }).waitFor({ timeout: IMPORT_TIMEOUT_MS });
    await summary.getByText(`${IMPORTED_PRODUCTS} new products, 0 products updated`, { exact: true }).waitFor();
    await summary.getByText(`${sizeCount} new sizes, 0 sizes updated`, { exact: true }).waitFor();
    const { productsCount } = await graphql('query ($f: ProductFilter) { productsCount(filter: $f) }', {
      f: { search: word },
    });
    assert.equal(productsCount, IMPORTED_PRODUCTS);
    const { products: found } = await graphql(
      'query ($f: ProductFilter) { products(filter: $f, limit: 1) { id name notesHeart variants { id sizeMl isSample effectivePriceCents } } }',
      { f: { search: target.name } },
    );
    assert.equal(found[0]?.name, target.name);
    assert.deepEqual(
      found[0].variants.map((size) => [size.sizeMl, size.isSample, size.effectivePriceCents]),
      target.sizes.map((size) => [size.size_ml, size.is_sample === 'true', size.price_kes * 100]),
    );
    assert.ok(found[0].notesHeart.includes(RARE_NOTE));

    // A shopper searches the imported names and ticks the note only one of them has.
    await withPage(browser(), async ({ page: shopper }) => {
      await shopper.goto('/');
      await header(shopper).getByRole('combobox', { name: 'Search products and categories' }).fill(word);
      await shopper.keyboard.press('Enter');
      await shopper.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
      const results = shopper.getByRole('region', { name: 'Products', exact: true });
      await shopper
        .getByRole('status')
        .filter({ hasText: `${IMPORTED_PRODUCTS} products` })
        .waitFor();
      await results.getByRole('article').first().waitFor();

      const notes = shopper.getByRole('group', { name: 'Notes' });
      // The commonest notes show first; the one product's note is behind "More notes".
      await notes.getByRole('checkbox', { name: /^Bergamot \(\d+\)$/ }).waitFor();
      const rare = notes.getByRole('checkbox', { name: /^Osmanthus\b/ });
      assert.equal(await rare.count(), 0, 'a note of one product shows among the commonest');
      await notes.getByRole('button', { name: /^More notes/ }).click();
      await notes.getByRole('checkbox', { name: 'Osmanthus (1)', exact: true }).waitFor();
      // click, not check: the filter lives in the URL, so the box is drawn again from it after the click.
      await rare.click();
      await shopper.waitForURL((url) => url.searchParams.getAll('note').includes(RARE_NOTE));
      await notes.getByRole('checkbox', { name: /^Osmanthus\b/, checked: true }).waitFor();
      await shopper
        .getByRole('status')
        .filter({ hasText: /^1 product$/ })
        .waitFor();
      await results.getByRole('article', { name: target.name, exact: true }).waitFor();
      assert.equal(await results.getByRole('article').count(), 1);

      // Its card: "from" the cheapest size, since the sizes differ in price.
      const cheapest = Math.min(...target.sizes.map((size) => size.price_kes * 100));
      await results
        .getByRole('article', { name: target.name, exact: true })
        .getByText(`from ${ksh(cheapest)}`, { exact: true })
        .waitFor();
    });
    assert.deepEqual(admin.pageErrors, [], 'the admin pages threw uncaught errors');
  } catch (error) {
    failure = error;
  }
  // The imported products go, so the files after this one see the sample catalogue again. The test's own failure
  // says more than a cleanup that failed after it (e.g. the admin never signed in).
  try {
    await deleteProducts(admin.page, await adminProductIds(admin.page, word));
  } catch (cleanupError) {
    failure ??= cleanupError;
  } finally {
    await admin.context.close();
  }
  if (failure) throw failure;
});
