// What a shopper sees, measured in the browser (issue 13): outline buttons readable on hover and keyboard
// focus, the full-screen gallery inside the screen, forms inside their cards, the header's cart badge in reach
// on a phone, and product-card buttons on one line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signInAsAdmin } from './support/accounts.mjs';
import { baseUrl, useBrowser, withPage } from './support/browser.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
// WCAG 2.2 AA for body text.
const MIN_CONTRAST = 4.5;

const browser = useBrowser();

/** A page in a phone's context: its width, touch and no hovering pointer, as Chromium emulates a phone. */
async function withPhonePage(body) {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await body({ page });
    assert.deepEqual(pageErrors, [], 'the page threw uncaught errors');
  } finally {
    await context.close();
  }
}

/**
 * The contrast of an element's text against what is drawn behind it, from getComputedStyle: its own
 * background, else the nearest ancestor's, translucent layers composited over what lies under them.
 */
function contrastOf(locator) {
  return locator.evaluate((element) => {
    const parse = (color) => {
      const [r, g, b, a = 1] = color.match(/[\d.]+/g).map(Number);
      return { r, g, b, a };
    };
    const over = (top, bottom) => ({
      r: top.r * top.a + bottom.r * (1 - top.a),
      g: top.g * top.a + bottom.g * (1 - top.a),
      b: top.b * top.a + bottom.b * (1 - top.a),
      a: 1,
    });
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const background = parse(globalThis.getComputedStyle(node).backgroundColor);
      if (background.a > 0) layers.push(background);
      if (background.a === 1) break;
    }
    const behind = layers.reduceRight((under, layer) => over(layer, under), { r: 255, g: 255, b: 255, a: 1 });
    const text = over(parse(globalThis.getComputedStyle(element).color), behind);
    const luminance = ({ r, g, b }) => {
      const [R, G, B] = [r, g, b].map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const [light, dark] = [luminance(text), luminance(behind)].sort((x, y) => y - x);
    return { ratio: (light + 0.05) / (dark + 0.05), color: globalThis.getComputedStyle(element).color, behind };
  });
}

/** The enabled, visible outline buttons (links styled as buttons too) on the page, at most `limit`. */
async function outlineButtons(page, limit = 4) {
  const found = [];
  for (const button of await page.locator('.button--outline').all()) {
    if (found.length === limit) break;
    if ((await button.isVisible()) && !(await button.isDisabled())) found.push(button);
  }
  return found;
}

/** Every outline button given: readable at rest, under the mouse and with keyboard focus. */
async function expectReadableOutlineButtons(page, where) {
  const buttons = await outlineButtons(page);
  assert.ok(buttons.length > 0, `${where}: no outline buttons found`);
  for (const button of buttons) {
    const name = `${where} "${(await button.innerText()).trim()}"`;
    await button.scrollIntoViewIfNeeded();
    const resting = await contrastOf(button);
    assert.ok(resting.ratio >= MIN_CONTRAST, `${name} at rest: ${resting.ratio.toFixed(2)}:1`);

    await button.hover();
    const hovered = await contrastOf(button);
    assert.ok(hovered.ratio >= MIN_CONTRAST, `${name} hovered: ${hovered.ratio.toFixed(2)}:1 (${hovered.color})`);
    await page.mouse.move(0, 0);

    // A key press first, so the focus that follows counts as keyboard focus (:focus-visible), as after Tab.
    await page.keyboard.press('Shift');
    await button.focus();
    assert.ok(await button.evaluate((element) => element.matches(':focus-visible')), `${name} is not focus-visible`);
    const focused = await contrastOf(button);
    assert.ok(focused.ratio >= MIN_CONTRAST, `${name} focused: ${focused.ratio.toFixed(2)}:1 (${focused.color})`);
    await button.blur();
  }
}

/** The element's box, and the failures of `inner` to lie inside `outer` (both boxes in CSS pixels). */
function outside(inner, outer, slack = 0.5) {
  const problems = [];
  if (inner.x < outer.x - slack) problems.push(`left ${inner.x} < ${outer.x}`);
  if (inner.y < outer.y - slack) problems.push(`top ${inner.y} < ${outer.y}`);
  if (inner.x + inner.width > outer.x + outer.width + slack)
    problems.push(`right ${inner.x + inner.width} > ${outer.x + outer.width}`);
  if (inner.y + inner.height > outer.y + outer.height + slack)
    problems.push(`bottom ${inner.y + inner.height} > ${outer.y + outer.height}`);
  return problems;
}

async function expectInside(inner, outer, what) {
  const [innerBox, outerBox] = [await inner.boundingBox(), await outer.boundingBox()];
  assert.ok(innerBox && outerBox, `${what}: not rendered`);
  assert.deepEqual(outside(innerBox, outerBox), [], `${what}: ${JSON.stringify({ innerBox, outerBox })}`);
}

async function expectInViewport(page, locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what}: not rendered`);
  const { width, height } = page.viewportSize();
  assert.deepEqual(
    outside(box, { x: 0, y: 0, width, height }),
    [],
    `${what} leaves the screen: ${JSON.stringify(box)}`,
  );
}

test('outline buttons keep a readable label when hovered and focused, storefront and admin', async () => {
  await withPage(browser(), async ({ page }) => {
    await page.goto('/category/for-women');
    await page.getByRole('link', { name: 'View Details' }).first().waitFor();
    await expectReadableOutlineButtons(page, 'category page');

    await page.goto('/product/1');
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await expectReadableOutlineButtons(page, 'product page');

    await signInAsAdmin(page);
    await page.goto('/oxalis/inventory');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    await expectReadableOutlineButtons(page, 'admin inventory');
  });
});

test('on a phone a tapped outline button does not stay dark: hover styles need a hovering pointer', async () => {
  await withPhonePage(async ({ page }) => {
    await page.goto('/category/for-women');
    const details = page.getByRole('link', { name: 'View Details' }).first();
    await details.waitFor();
    assert.equal(await page.evaluate(() => globalThis.matchMedia('(hover: hover)').matches), false);
    const resting = await details.evaluate((element) => globalThis.getComputedStyle(element).backgroundColor);
    // What a tap leaves behind: the pointer resting on the button.
    await details.hover();
    assert.equal(await details.evaluate((element) => globalThis.getComputedStyle(element).backgroundColor), resting);
  });
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the full-screen gallery fits a ${viewport.width}×${viewport.height} screen`, async () => {
    const run = viewport === PHONE ? withPhonePage : (body) => withPage(browser(), body);
    await run(async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/product/1');
      const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
      await page.getByRole('button', { name: `View ${name} full screen` }).click();
      const viewer = page.getByRole('dialog', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
      await viewer.waitFor();
      const image = viewer.getByRole('img', { name: /image 1 of/ });
      await image.evaluate((element) => element.decode());

      await expectInViewport(page, viewer, 'the dialog');
      await expectInViewport(page, viewer.locator('.gallery-viewer__bar'), 'the bar');
      await expectInViewport(page, viewer.getByRole('button', { name: 'Close gallery' }), 'Close');
      await expectInViewport(page, viewer.getByRole('button', { name: 'Previous image' }), 'Previous');
      await expectInViewport(page, viewer.getByRole('button', { name: 'Next image' }), 'Next');
      await expectInViewport(page, viewer.getByRole('list', { name: 'Thumbnails' }), 'the thumbnails');
      const stage = viewer.getByTestId('gallery-stage');
      await expectInside(image, stage, 'the image in its stage');
      // The whole picture is drawn: object-fit contain inside the image's box.
      assert.equal(await image.evaluate((element) => globalThis.getComputedStyle(element).objectFit), 'contain');
      // Previous and Next stand out from a white product shot: an opaque enough dark disc with a light ring.
      const previous = viewer.getByRole('button', { name: 'Previous image' });
      const disc = await previous.evaluate((element) => globalThis.getComputedStyle(element).backgroundColor);
      const alpha = Number(disc.match(/[\d.]+/g)[3] ?? 1);
      assert.ok(alpha >= 0.5 && /^rgba?\(0, 0, 0/.test(disc), `Previous is drawn ${disc}`);
    });
  });
}

test("register's two name fields lie inside the card at 1280", async () => {
  await withPage(browser(), async ({ page }) => {
    await page.goto('/register');
    const card = page.locator('.account-card');
    const form = page.getByRole('form', { name: 'Create account' });
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      await expectInside(form.getByLabel(label, { exact: true }), card, label);
    }
  });
});

test("verify-otp's six boxes lie inside the card on a phone", async () => {
  await withPhonePage(async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('First name', { exact: true }).fill('Wanjiru');
    await form.getByLabel('Last name', { exact: true }).fill('Kamau');
    await form.getByLabel('Email', { exact: true }).fill(`fit-${Date.now()}@example.co.ke`);
    await form.getByLabel('Password', { exact: true }).fill('a-good-password-1');
    await form.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/verify-otp');
    const card = page.locator('.account-card');
    for (let digit = 1; digit <= 6; digit += 1) {
      await expectInside(page.getByLabel(`Digit ${digit} of 6`), card, `digit ${digit}`);
    }
    await expectInViewport(page, card, 'the card');
  });
});

test("the dashboard's sales panel is as wide as the panels around it", async () => {
  await withPage(browser(), async ({ page }) => {
    await signInAsAdmin(page);
    const sales = page.locator('figure.admin-panel');
    await sales.waitFor();
    const salesBox = await sales.boundingBox();
    const usersBox = await page.getByRole('region', { name: 'Recent Users' }).boundingBox();
    assert.equal(Math.round(salesBox.width), Math.round(usersBox.width));
    assert.equal(Math.round(salesBox.x), Math.round(usersBox.x));
  });
});

test("on a phone a card's View Details and Add to Cart (or Out of Stock) keep to one line", async () => {
  await withPhonePage(async ({ page }) => {
    await page.goto('/category/for-women');
    const details = page.getByRole('link', { name: 'View Details' });
    await details.first().waitFor();
    for (const button of [
      details.first(),
      page.getByRole('button', { name: /^(Add to Cart|Out of Stock)$/ }).first(),
    ]) {
      const lines = await button.evaluate((element) => {
        const { height } = element.getBoundingClientRect();
        const style = globalThis.getComputedStyle(element);
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        const border = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
        return Math.round((height - padding - border) / parseFloat(style.lineHeight));
      });
      assert.equal(lines, 1, `"${await button.innerText()}" wraps`);
      await expectInside(
        button,
        button.locator('xpath=ancestor::article'),
        `"${await button.innerText()}" in its card`,
      );
    }
  });
});

test('on a phone the header and its cart link stay in reach after scrolling down a category', async () => {
  await withPhonePage(async ({ page }) => {
    await page.goto('/category/for-women');
    await page.getByRole('link', { name: 'View Details' }).first().waitFor();
    await page.evaluate(() => globalThis.scrollTo(0, globalThis.document.body.scrollHeight / 2));
    await page.waitForFunction(() => globalThis.scrollY > 400);
    const cart = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
    await expectInViewport(page, cart, 'the cart link after scrolling');
  });
});
