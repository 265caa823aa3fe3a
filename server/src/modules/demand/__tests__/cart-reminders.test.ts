import fs from 'node:fs/promises';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { Session } from '../../accounts/session.entity';
import { User } from '../../accounts/user.entity';
import { NotificationJob } from '../../notifications/notification-job.entity';
import { queueCartReminders } from '../cart-reminders.service';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { placeOrderFor, startPayment } from '../../../../test/checkout';
import { createProductWithSizes } from '../../../../test/sizes';
import { deliverQueuedMessages } from '../../../../test/deliver';
import { randomToken, sha256 } from '../../../shared/secrets';

let shop: TestShop;
let other: TestShop;
let smtp: SmtpSink;
let productId: number;
let variantIds: number[];

beforeAll(async () => {
  smtp = await startSmtpSink();
  // Half a minute for "24 hours": the job is told it runs a moment past that.
  shop = await startTestShop({ seed: false, env: { CART_REMINDER_AFTER_SECONDS: '30' } });
  other = await startTestShop({ shareDatabaseOf: shop, env: { CART_REMINDER_AFTER_SECONDS: '30' } });
  ({ productId, variantIds } = await createProductWithSizes(shop, 'Rose Lagoon', [
    { sizeMl: 50, priceCents: 450_000, quantity: 50 },
    { sizeMl: 100, priceCents: 800_000, quantity: 50, salePriceCents: 720_000 },
  ]));
});
afterAll(async () => {
  await other.close();
  await shop.close();
  await smtp.close();
});

/** A moment past the wait after everything done so far. */
const later = () => new Date(Date.now() + 31_000);

/** The job on both instances at once, as their timers may run it: answers how many reminders were queued. */
async function runOnBoth(): Promise<number> {
  const queued = await Promise.all([
    queueCartReminders(shop.orm.em.fork(), shop.config, later()),
    queueCartReminders(other.orm.em.fork(), other.config, later()),
  ]);
  return queued[0]! + queued[1]!;
}

async function addSize(user: TestUser, variantId: number, quantity: number) {
  await shop.http
    .post('/api/carts/add')
    .set(user.auth)
    .send({ product_id: productId, variant_id: variantId, quantity })
    .expect(201);
}

function linkIn(mail: ParsedMail, pattern: RegExp): URL {
  const found = pattern.exec(String(mail.html));
  if (!found) throw new Error(`no link like ${pattern} in "${mail.subject}"`);
  return new URL(found[1]!.replace(/&amp;/g, '&'));
}

async function remindersTo(recipient: string): Promise<number> {
  return shop.orm.em.fork().count(NotificationJob, { recipient, subject: 'Your cart is waiting at Manukato' });
}

it("reminds once of a cart left untouched, with the server's prices and the way back, from one instance", async () => {
  const shopper = await createSignedInUser(shop);
  await addSize(shopper, variantIds[0]!, 2);
  await addSize(shopper, variantIds[1]!, 1);
  // Not yet: the wait has not passed.
  expect(await queueCartReminders(shop.orm.em.fork(), shop.config)).toBe(0);
  expect(await runOnBoth()).toBe(1);
  expect(await runOnBoth()).toBe(0);
  await Promise.all([deliverQueuedMessages(shop, smtp), deliverQueuedMessages(other, smtp)]);
  const mails = await smtp.allTo(shopper.email);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail!.subject).toBe('Your cart is waiting at Manukato');
  expect(mail!.text).toContain('Rose Lagoon (50 ml · Eau de Parfum): 2 × Ksh 4,500.00');
  expect(mail!.text).toContain('Ksh 9,000.00');
  // The sale price, as the cart charges it.
  expect(mail!.text).toContain('Rose Lagoon (100 ml · Eau de Parfum): 1 × Ksh 7,200.00');
  expect(mail!.text).toContain('Ksh 16,200.00');
  expect(linkIn(mail!, /href="([^"]*\/cart)"/).href).toBe(`${shop.config.publicUrl}/cart`);
  expect(linkIn(mail!, /href="([^"]*\/cart\?stop=[^"]+)"/).searchParams.get('stop')).toMatch(/^[\w-]+\.[\w-]+$/);

  // The same cart state is never reminded of again; a changed one is, once its own wait has passed.
  expect(await runOnBoth()).toBe(0);
  await addSize(shopper, variantIds[0]!, 1);
  expect(await runOnBoth()).toBe(1);
  expect(await remindersTo(shopper.email)).toBe(2);
});

it('never reminds a shopper who placed an order since the cart was last touched', async () => {
  const shopper = await createSignedInUser(shop);
  const order = await placeOrderFor(shop, shopper, [[productId, 1]], { recipient_email: shopper.email });
  // The card is declined: the order's lines go back into the cart (not a touch by the shopper).
  const payment = await startPayment(shop, shopper, order.id);
  await shop.http
    .post(new URL(payment.authorization_url).pathname)
    .type('form')
    .send({ outcome: 'failed' })
    .expect(303);
  await shop.http
    .post('/graphql')
    .set(shopper.auth)
    .send({
      query: 'mutation ($r: String!) { verifyPayment(reference: $r) { status } }',
      variables: { r: payment.reference },
    })
    .expect(200);
  const lines = await shop.http
    .post('/graphql')
    .set(shopper.auth)
    .send({ query: '{ cart { id totalQuantity } }' })
    .expect(200);
  expect(lines.body.data.cart.totalQuantity).toBe(1);
  expect(await runOnBoth()).toBe(0);
  expect(await remindersTo(shopper.email)).toBe(0);
  // An emptied cart gets none either.
  const emptied = await createSignedInUser(shop);
  await addSize(emptied, variantIds[0]!, 1);
  await shop.http
    .post('/graphql')
    .set(emptied.auth)
    .send({ query: 'mutation { clearCart { errors { code } } }' })
    .expect(200);
  expect(await runOnBoth()).toBe(0);
});

it('honours the opt-out from the link, stored on the account', async () => {
  const shopper = await createSignedInUser(shop);
  await addSize(shopper, variantIds[1]!, 1);
  expect(await runOnBoth()).toBe(1);
  await deliverQueuedMessages(shop, smtp);
  const mail = await smtp.parsedLastTo(shopper.email);
  const token = linkIn(mail, /href="([^"]*\/cart\?stop=[^"]+)"/).searchParams.get('stop')!;
  const stop = (value: string) =>
    shop.graphql<{ stopCartReminders: { stopped: boolean; errors: { code: string }[] } }>(
      'mutation ($token: String!) { stopCartReminders(token: $token) { stopped errors { code } } }',
      { token: value },
    );
  // A token for another account, or altered, is refused.
  expect((await stop(token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')))).data!.stopCartReminders).toEqual({
    stopped: false,
    errors: [{ code: 'INVALID_TOKEN' }],
  });
  expect((await stop(token)).data!.stopCartReminders).toEqual({ stopped: true, errors: [] });
  const user = await shop.orm.em.fork().findOneOrFail(User, { id: shopper.id });
  expect(user.cartRemindersOffAt).toBeInstanceOf(Date);
  await addSize(shopper, variantIds[0]!, 1);
  expect(await runOnBoth()).toBe(0);
  expect(await remindersTo(shopper.email)).toBe(1);
  // The one-click POST of a mail client answers alike (idempotent).
  await shop.http
    .post(`/api/cart-reminders/stop?token=${encodeURIComponent(token)}`)
    .type('form')
    .send({})
    .expect(200);
});

it('reminds a phone-only account by one SMS of one segment, with the link to the cart', async () => {
  const em = shop.orm.em.fork();
  const phone = '+254722555111';
  const user = em.create(User, { first: 'Kamau', last: 'Njoroge', phone });
  const token = randomToken();
  em.create(Session, { tokenHash: sha256(token), user, expiresAt: new Date(Date.now() + 86_400_000) });
  await em.flush();
  const shopper: TestUser = { id: user.id, email: '', token, auth: { authorization: `Bearer ${token}` } };
  await addSize(shopper, variantIds[0]!, 3);
  expect(await runOnBoth()).toBe(1);
  await deliverQueuedMessages(shop, smtp);
  const folder = shop.config.mail.outboxDir;
  const texts = await Promise.all(
    (await fs.readdir(folder))
      .filter((file) => file.endsWith('.sms.txt'))
      .map((file) => fs.readFile(path.join(folder, file), 'utf8')),
  );
  const sms = texts.filter((text) => text.startsWith(`To: ${phone}\n`));
  expect(sms).toHaveLength(1);
  const body = sms[0]!.split('\n\n')[1]!.trim();
  expect(body).toContain('your cart (3 items, Ksh 13,500.00) is waiting');
  expect(body).toContain(`${shop.config.publicUrl}/cart?stop=`);
  expect(body.length).toBeLessThanOrEqual(160);
});
