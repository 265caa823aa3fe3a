// Issue 26 on a phone (375×812) against the built shop: a shopper who ticks "Send order updates on WhatsApp" at
// checkout gets the order's confirmation as the order_confirmed template at the shop's WhatsApp Cloud API stand-in
// (E2E_WHATSAPP_URL, started by run-e2e.mjs); when WhatsApp refuses the number, the SMS follows in the outbox.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { createAccount, signIn } from './support/accounts.mjs';
import { escapeRegExp, graphql, ksh, pageGraphql, useBrowser, withPage } from './support/browser.mjs';
import { uniquePhone } from './support/sms-outbox.mjs';
import { cartToShipping, fillAddress, payByCard } from './support/checkout.mjs';

const PHONE = { width: 375, height: 812 };
const browser = useBrowser();
// The notification worker runs every 5 s: a limit that only names a hang.
const WAIT_MS = 60_000;

function standIn(pathname) {
  const origin = process.env.E2E_WHATSAPP_URL;
  if (!origin) throw new Error('E2E_WHATSAPP_URL is not set: run the e2e tests through `npm run test:e2e`');
  return `${origin}${pathname}`;
}

async function waitFor(what, check) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = await check();
    if (found) return found;
    assert.ok(Date.now() < deadline, `${what}: not within ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Places one order of a product with stock as `phone`, ticking WhatsApp, and pays by card on the stand-in. */
async function orderWithWhatsApp(label, phone) {
  const { products } = await graphql('{ products(limit: 40, sort: ALPHABETICALLY) { id name quantity } }');
  const product = products.find((candidate) => candidate.quantity >= 4);
  assert.ok(product, 'the seed should have a product with stock to spare');
  const { deliveryLocations } = await graphql('{ deliveryLocations { id name } }');
  const account = await createAccount(label);
  let placed;
  await withPage(browser(), async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, account.email, account.password);
    const shipping = await cartToShipping(page, { product, location: deliveryLocations[0] });
    await fillAddress(shipping, { phone: phone.typed });
    await shipping.getByRole('checkbox', { name: 'Send order updates on WhatsApp', exact: true }).check();
    await payByCard(page, shipping);
    const { myOrders } = await pageGraphql(page, '{ myOrders { id totalCents } }');
    assert.equal(myOrders.length, 1);
    placed = myOrders[0];
  });
  return placed;
}

const messagesTo = async (phone) =>
  (await (await fetch(standIn('/stand-in/messages'))).json()).filter((message) => message.to === phone.e164.slice(1));

async function smsTo(phone) {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [])).filter((name) =>
    name.endsWith(`-${phone.e164.slice(1)}.sms.txt`),
  );
  return Promise.all(files.map((name) => fs.readFile(path.join(outbox, name), 'utf8')));
}

test('WhatsApp chosen: the stand-in receives the confirmation template, and no SMS is sent', async () => {
  const phone = uniquePhone();
  const order = await orderWithWhatsApp('whatsapp', phone);
  const [message] = await waitFor('the confirmation at the WhatsApp stand-in', () =>
    messagesTo(phone).then((messages) => (messages.length > 0 ? messages : undefined)),
  );
  assert.equal(message.template.name, 'order_confirmed');
  // The amount, the order number and its tracking link (issue 27).
  assert.deepEqual(message.template.parameters.slice(0, 2), [ksh(order.totalCents), order.id.slice(0, 8)]);
  assert.match(message.template.parameters[2], /\/track\/[\w-]{22}$/);
  assert.equal(message.answeredStatus, 200);
  assert.deepEqual(await smsTo(phone), []);
});

test('WhatsApp refuses the number: the SMS follows', async () => {
  const phone = uniquePhone();
  const told = await fetch(standIn('/stand-in/recipients'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: phone.e164, behaviour: 'refuse' }),
  });
  assert.equal(told.status, 200);
  const order = await orderWithWhatsApp('whatsapp-refused', phone);
  const [sms] = await waitFor('the SMS after WhatsApp refused', () =>
    smsTo(phone).then((texts) => (texts.length > 0 ? texts : undefined)),
  );
  assert.match(
    sms,
    new RegExp(`payment of ${escapeRegExp(ksh(order.totalCents))} received for order ${order.id.slice(0, 8)}`),
  );
  const messages = await messagesTo(phone);
  assert.deepEqual(
    messages.map((message) => [message.template.name, message.answeredStatus]),
    [['order_confirmed', 400]],
  );
});
