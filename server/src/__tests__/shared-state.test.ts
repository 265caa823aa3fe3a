import pino from 'pino';
import { createMailer } from '../mail/mailer';
import { hashPassword } from '../modules/accounts/accounts.service';
import { User } from '../modules/accounts/user.entity';
import { Product } from '../modules/catalog/product.entity';
import { NotificationChannel, NotificationJob } from '../modules/notifications/notification-job.entity';
import { deliverDueNotifications } from '../modules/notifications/notifications.service';
import { createSmsSender } from '../modules/notifications/sms';
import { createWhatsAppSender } from '../modules/notifications/whatsapp';
import { Order } from '../modules/orders/order.entity';
import { releaseExpiredReservations } from '../modules/orders/orders.service';
import { checkoutForm, placeOrderFor, startPayment } from '../../test/checkout';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { startTestShop, type TestShop } from '../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../test/users';
import { createProductWithSizes, sizeStock } from '../../test/sizes';

/**
 * Two instances of the shop on one database, as behind a load balancer (decision 0036): neither is told
 * SECRET_KEY, so they must find the same signing secret in the database; limits, codes, stock, the payment
 * stand-in and the timers' work must agree whichever instance a request or a tick lands on.
 */
let a: TestShop;
let b: TestShop;
let smtp: SmtpSink;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  smtp = await startSmtpSink();
  const env = { SMTP_URL: smtp.url, SECRET_KEY: '' };
  a = await startTestShop({ env });
  b = await startTestShop({ env, shareDatabaseOf: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await smtp.close();
});
// Every request comes from 127.0.0.1: each test starts with the shared limits empty.
beforeEach(() => a.orm.em.fork().getConnection().execute('delete from rate_limits'));

const both = () => [a, b];
let counter = 0;
const uniqueEmail = (label: string) => `${label}${(counter += 1)}@two-instances.example.co.ke`;

async function setStock(productId: number, quantity: number): Promise<void> {
  await a.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity });
  await a.catalogueChanged({ stockChangedIds: [productId], inStockFlippedIds: [productId] });
}

async function stockOf(productId: number): Promise<number> {
  return (await a.orm.em.fork().findOneOrFail(Product, { id: productId })).quantity;
}

describe('the signing secret', () => {
  it('is generated once into the database and used by both instances', async () => {
    const [stored] = await a.orm.em
      .fork()
      .getConnection()
      .execute<{ value: string }[]>(`select value from app_settings where key = 'secret_key'`);
    expect(stored?.value).toMatch(/^[\w-]{43}$/);
    expect(a.config.secretKey).toBe(stored?.value);
    expect(b.config.secretKey).toBe(stored?.value);
  });

  it('lets a code e-mailed by A verify on B, and B register the account', async () => {
    const email = uniqueEmail('code');
    const asked = await a.http.post('/api/email/otp-login').send({ email }).expect(200);
    const code = /verification code is (\d{6})/.exec(await smtp.lastTo(email))![1];
    const hash = asked.body.data.hash as string;
    await b.http.post('/email/otp-verify').send({ email, otp: code, hash }).expect(200);
    const registered = await b.http
      .post('/api/users/register')
      .send({ first: 'Wanjiru', last: 'Kamau', email, password: 'secret-123', hash })
      .expect(201);
    expect(registered.body.data.token).toEqual(expect.any(String));
    // A wrong code is still refused on either instance.
    const other = uniqueEmail('code');
    const second = await b.http.post('/api/email/otp-login').send({ email: other }).expect(200);
    const otherCode = /verification code is (\d{6})/.exec(await smtp.lastTo(other))![1];
    const wrong = String((Number(otherCode) + 1) % 1_000_000).padStart(6, '0');
    await a.http.post('/email/otp-verify').send({ email: other, otp: wrong, hash: second.body.data.hash }).expect(400);
  });
});

describe('the sign-in limit', () => {
  it('counts tries on A and B together: the 11th wrong password is refused wherever it lands', async () => {
    const email = uniqueEmail('limit');
    const em = a.orm.em.fork();
    em.create(User, { first: 'Limit', last: 'Test', email, passwordHash: await hashPassword('right-password-1') });
    await em.flush();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const shop = attempt % 2 === 0 ? a : b;
      statuses.push((await shop.http.post('/api/users/login').send({ email, password: `wrong-${attempt}` })).status);
    }
    // Per process, each instance would have let 10 through: 12 refusals for the password, none for the limit.
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    const refused = await b.http.post('/api/users/login').send({ email, password: 'right-password-1' }).expect(429);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('stock', () => {
  it('lets exactly 5 of 40 concurrent orders for the last 5 units through, split across A and B', async () => {
    const productId = 17;
    await setStock(productId, 5);
    const users = await Promise.all(Array.from({ length: 40 }, () => createSignedInUser(a)));
    await Promise.all(
      users.map((user, index) =>
        (index % 2 === 0 ? a : b).http
          .post('/api/carts/add')
          .set(user.auth)
          .send({ product_id: productId, quantity: 1 })
          .expect(201),
      ),
    );
    const results = await Promise.all(
      users.map((user, index) =>
        (index % 2 === 0 ? b : a).http.post('/api/orders/create').set(user.auth).send(checkoutForm),
      ),
    );
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(35);
    expect(await stockOf(productId)).toBe(0);
    expect(await a.orm.em.fork().count(Order, { items: { product: productId } })).toBe(5);
  });

  it('sells no size past its stock when carts mixing two sizes of one product check out on A and B at once', async () => {
    const { productId, variantIds } = await createProductWithSizes(a, 'Two Sizes Race', [
      { sizeMl: 100, priceCents: 900_000, quantity: 3 },
      { sizeMl: 5, priceCents: 60_000, quantity: 5, isSample: true },
    ]);
    const [bottle, decant] = variantIds as [number, number];
    const users = await Promise.all(Array.from({ length: 40 }, () => createSignedInUser(a)));
    // Odd shoppers want a bottle and a decant (both rows locked by one checkout), even ones a decant only.
    for (const [index, user] of users.entries()) {
      const instance = index % 2 === 0 ? a : b;
      const add = (variant: number) =>
        instance.http
          .post('/api/carts/add')
          .set(user.auth)
          .send({ product_id: productId, variant_id: variant, quantity: 1 })
          .expect(201);
      await add(decant);
      if (index % 2 === 1) await add(bottle);
    }
    const results = await Promise.all(
      users.map((user, index) =>
        (index % 2 === 0 ? b : a).http.post('/api/orders/create').set(user.auth).send(checkoutForm),
      ),
    );
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status !== 201 && status !== 400)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    const [bottlesLeft, decantsLeft] = await sizeStock(a, [bottle, decant]);
    expect(decantsLeft).toBe(0);
    const bottlesSold = await a.orm.em.fork().count(Order, { items: { variant: bottle } });
    expect(bottlesSold).toBeLessThanOrEqual(3);
    expect(bottlesLeft).toBe(3 - bottlesSold);
    // The spec's product quantity is the default size's, on both instances' reads.
    expect(await stockOf(productId)).toBe(bottlesLeft);
  });
});

describe('the payment stand-in', () => {
  it('pays on B a payment started on A, whose webhook B signs as A would, and A verifies it', async () => {
    const productId = 3;
    await setStock(productId, 10);
    const user = await createSignedInUser(a);
    const orderId = (await placeOrderFor(a, user, [[productId, 2]])).id;
    const { authorization_url: authorizationUrl, reference } = await startPayment(a, user, orderId);
    const payPath = new URL(authorizationUrl).pathname;
    const page = await b.http.get(payPath).expect(200);
    expect(page.text).toContain('Payment simulator');
    const paid = await b.http.post(payPath).type('form').send({ outcome: 'success' }).expect(303);
    expect(new URL(paid.headers.location ?? '').searchParams.get('reference')).toBe(reference);
    // B's webhook accepted B's stand-in signature: the order is paid.
    expect((await a.orm.em.fork().findOneOrFail(Order, { id: orderId })).paymentStatus).toBe('completed');
    // The code is used up for both instances.
    await a.http.get(payPath).expect(404);
    await a.http.post(payPath).type('form').send({ outcome: 'failed' }).expect(404);
    const verified = await a.http
      .post('/graphql')
      .set(user.auth)
      .send({ query: `mutation { verifyPayment(reference: "${reference}") { status order { id paymentStatus } } }` });
    expect(verified.body.data.verifyPayment).toMatchObject({ status: 'completed', order: { id: orderId } });
    expect(await stockOf(productId)).toBe(8);
  });

  it('lets one of parallel Pay and Decline posts on A and B act', async () => {
    const user = await createSignedInUser(a);
    await setStock(4, 10);
    const orderId = (await placeOrderFor(b, user, [[4, 1]])).id;
    const payPath = new URL((await startPayment(b, user, orderId)).authorization_url).pathname;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 === 0 ? a : b).http
          .post(payPath)
          .type('form')
          .send({ outcome: index % 3 === 0 ? 'failed' : 'success' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(9);
  });
});

describe('timers on both instances at once', () => {
  it('sends each queued e-mail exactly once while A and B deliver together', async () => {
    const senders = (shop: TestShop) => ({
      mailer: createMailer(shop.config, log),
      sms: createSmsSender(shop.config, log),
      whatsapp: createWhatsAppSender(shop.config, log),
      log,
    });
    // What earlier tests queued (payment confirmations) goes first, so only these jobs are counted.
    await deliverDueNotifications(a.orm.em.fork(), senders(a));
    const recipients = Array.from({ length: 12 }, () => uniqueEmail('notify'));
    const em = a.orm.em.fork();
    for (const recipient of recipients) {
      em.create(NotificationJob, {
        channel: NotificationChannel.EMAIL,
        recipient,
        subject: 'Your Manukato order is confirmed',
        body: `Thank you, ${recipient}`,
      });
    }
    await em.flush();
    // Two ticks per instance overlapping, as a slow tick and the next would.
    const workers = both().flatMap((shop) =>
      [0, 1].map(() => deliverDueNotifications(shop.orm.em.fork(), senders(shop))),
    );
    const delivered = await Promise.all(workers);
    expect(delivered.reduce((sum, count) => sum + count, 0)).toBe(recipients.length);
    for (const recipient of recipients) {
      expect(smtp.received.filter((mail) => mail.to.includes(recipient))).toHaveLength(1);
    }
    const jobs = await a.orm.em.fork().find(NotificationJob, { recipient: recipients });
    expect(jobs.every((job) => job.sentAt !== null && job.attempts === 0)).toBe(true);
  });

  it('gives the stock of expired unpaid orders back exactly once while A and B release together', async () => {
    const [first, second] = [5, 6];
    await setStock(first, 30);
    await setStock(second, 30);
    const users: TestUser[] = await Promise.all(Array.from({ length: 6 }, () => createSignedInUser(a)));
    const orderIds: string[] = [];
    for (const [index, user] of users.entries()) {
      const shop = index % 2 === 0 ? a : b;
      orderIds.push(
        (
          await placeOrderFor(shop, user, [
            [first, 2],
            [second, 1],
          ])
        ).id,
      );
    }
    expect([await stockOf(first), await stockOf(second)]).toEqual([18, 24]);
    await a.orm.em.fork().nativeUpdate(Order, { id: orderIds }, { reservedUntil: new Date(Date.now() - 60_000) });
    const released = await Promise.all(
      both().flatMap((shop) => [0, 1, 2].map(() => releaseExpiredReservations(shop.orm.em.fork()))),
    );
    expect(released.reduce((sum, count) => sum + count, 0)).toBe(orderIds.length);
    expect([await stockOf(first), await stockOf(second)]).toEqual([30, 30]);
    const orders = await a.orm.em.fork().find(Order, { id: orderIds });
    expect(orders.every((order) => order.stockReleasedAt !== null && order.status === 'cancelled')).toBe(true);
    // A later tick anywhere finds nothing left to give back.
    expect(await releaseExpiredReservations(b.orm.em.fork())).toBe(0);
    expect(await stockOf(first)).toBe(30);
  });
});
