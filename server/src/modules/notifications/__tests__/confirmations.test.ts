import fs from 'node:fs/promises';
import pino from 'pino';
import { createMailer } from '../../../mail/mailer';
import { formatKsh } from '../../../shared/money';
import { UserRole } from '../../accounts/user.entity';
import { Order } from '../../orders/order.entity';
import { NotificationJob } from '../notification-job.entity';
import { deliverDueNotifications } from '../notifications.service';
import { createSmsSender } from '../sms';
import { createWhatsAppSender } from '../whatsapp';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { checkoutForm, payOnStandIn, placeOrderFor } from '../../../../test/checkout';
import { createProductWithSizes } from '../../../../test/sizes';
import { orderLineName } from '../../catalog/size-label';

let shop: TestShop;
let smtp: SmtpSink;
let failingSmtp: SmtpSink;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  smtp = await startSmtpSink();
  failingSmtp = await startSmtpSink({ failing: true });
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
  await failingSmtp.close();
});

async function paidOrder(email: string, lines: [number, number][] = [[2, 1]]): Promise<string> {
  const user = await createSignedInUser(shop);
  const order = await placeOrderFor(shop, user, lines, {
    recipient_name: 'Wairimu',
    recipient_email: email,
    recipient_phone: '0722 000 111',
  });
  await payOnStandIn(shop, user, order.id);
  return order.id;
}

function senders(smtpUrl: string) {
  const config = { ...shop.config, mail: { ...shop.config.mail, smtpUrl } };
  return {
    mailer: createMailer(config, log),
    sms: createSmsSender(shop.config, log),
    whatsapp: createWhatsAppSender(shop.config, log),
    log,
  };
}

it('sends the confirmation e-mail and SMS outside the request, once', async () => {
  const orderId = await paidOrder('wairimu@example.co.ke');
  expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url))).toBe(2);
  const mail = await smtp.lastTo('wairimu@example.co.ke');
  expect(mail).toContain(`Your Manukato order ${orderId.slice(0, 8)} is confirmed`);
  expect(mail).toContain('We have received your payment of Ksh 4,320.00 for order');
  const sms = (await fs.readdir(shop.config.mail.outboxDir)).filter((file) => file.endsWith('.sms.txt'));
  expect(sms).toHaveLength(1);
  const smsText = await fs.readFile(`${shop.config.mail.outboxDir}/${sms[0]}`, 'utf8');
  expect(smsText).toContain('To: +254722000111');
  expect(smsText).toContain('payment of Ksh 4,320.00 received');
  expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url))).toBe(0);
});

it('a failing mail server neither loses nor blocks the order: the message is retried later', async () => {
  const orderId = await paidOrder('njoki@example.co.ke');
  const order = await shop.orm.em.fork().findOneOrFail(Order, { id: orderId });
  expect(order.paymentStatus).toBe('completed');
  await deliverDueNotifications(shop.orm.em.fork(), senders(failingSmtp.url));
  const failed = await shop.orm.em.fork().findOneOrFail(NotificationJob, { recipient: 'njoki@example.co.ke' });
  expect(failed).toMatchObject({ attempts: 1, sentAt: null });
  expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url))).toBe(0);
  const later = new Date(Date.now() + 60 * 60_000);
  expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url), later)).toBe(1);
  expect(await smtp.lastTo('njoki@example.co.ke')).toContain('is confirmed');
});

describe('order e-mails as a mail client reads them', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createSignedInUser(shop, UserRole.ADMIN);
  });

  const smsFiles = async (orderNumber: string) => {
    const dir = shop.config.mail.outboxDir;
    const files = (await fs.readdir(dir)).filter((file) => file.endsWith('.sms.txt'));
    const texts = await Promise.all(files.map((file) => fs.readFile(`${dir}/${file}`, 'utf8')));
    return texts.filter((text) => text.includes(`order ${orderNumber}`));
  };

  async function setStatus(orderId: string, status: string) {
    const answer = await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({
        query: `mutation ($id: ID!, $status: String!) {
          updateOrderStatus(id: $id, status: $status) { order { id status } errors { code } }
        }`,
        variables: { id: orderId, status },
      })
      .expect(200);
    expect(answer.body.data.updateOrderStatus).toEqual({ order: { id: orderId, status }, errors: [] });
  }

  it('the confirmation lists every line and the totals the order holds, in HTML and text', async () => {
    const email = 'muthoni@example.co.ke';
    const orderId = await paidOrder(email, [
      [2, 1],
      [5, 2],
    ]);
    await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url));
    const order = await shop.orm.em
      .fork()
      .findOneOrFail(Order, { id: orderId }, { populate: ['items', 'deliveryLocation'] });
    expect(order.items).toHaveLength(2);
    const mail = await smtp.parsedLastTo(email);
    const html = (typeof mail.html === 'string' ? mail.html : '').replace(/<!-- -->/g, '');
    const text = mail.text ?? '';
    expect(mail.subject).toBe(`Your Manukato order ${orderId.slice(0, 8)} is confirmed`);
    const facts = [
      ...order.items
        .getItems()
        .flatMap((item) => [
          `${orderLineName(item.productName, item.sizeLabel)}: ${item.quantity} × ${formatKsh(item.unitPriceCents)}`,
          formatKsh(item.quantity * item.unitPriceCents),
        ]),
      `Subtotal`,
      formatKsh(order.subtotalCents),
      `Delivery: ${order.deliveryLocation.name}`,
      order.shippingFeeCents === 0 ? 'Free' : formatKsh(order.shippingFeeCents),
      formatKsh(order.totalCents),
      `${order.shippingAddress}, ${order.shippingCity} ${order.shippingPostalCode}`,
      'Payment method: M-Pesa',
      `${shop.config.publicUrl}/my-orders`,
    ];
    for (const fact of facts) {
      expect(text).toContain(fact);
      expect(html.replace(/&amp;/g, '&')).toContain(fact);
    }
    expect(html).toMatch(/Ksh \d{1,3}(,\d{3})*\.\d{2}/);
    expect(text).not.toContain('Discount');
  });

  it('delivered and cancelled each send one e-mail and one SMS per change, however often the admin asks', async () => {
    const email = 'kerubo@example.co.ke';
    const orderId = await paidOrder(email);
    const orderNumber = orderId.slice(0, 8);
    await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url));
    const subjects = async () => (await smtp.allTo(email)).map((mail) => mail.subject);
    expect(await subjects()).toEqual([`Your Manukato order ${orderNumber} is confirmed`]);

    await setStatus(orderId, 'delivered');
    await setStatus(orderId, 'delivered');
    expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url))).toBe(2);
    await setStatus(orderId, 'delivered');
    expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url))).toBe(0);
    const delivered = await smtp.parsedLastTo(email);
    expect(delivered.subject).toBe(`Your Manukato order ${orderNumber} has been delivered`);
    expect(delivered.html).toContain('has been delivered to');
    expect(delivered.text).toContain(`${shop.config.publicUrl}/my-orders`);
    // It says "reply to this e-mail": the reply reaches the shop's support address (MAIL_REPLY_TO), not no-reply.
    expect(delivered.text).toContain('reply to this e-mail');
    expect(delivered.replyTo?.value).toEqual([{ address: 'support@manukato.co.ke', name: '' }]);
    expect((await smsAbout(orderNumber, 'delivered')).length).toBe(1);

    await setStatus(orderId, 'cancelled');
    await setStatus(orderId, 'cancelled');
    expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url))).toBe(2);
    const cancelled = await smtp.parsedLastTo(email);
    expect(cancelled.subject).toBe(`Your Manukato order ${orderNumber} has been cancelled`);
    expect(cancelled.text).toContain('will be refunded');
    expect(cancelled.replyTo?.value).toEqual([{ address: 'support@manukato.co.ke', name: '' }]);
    expect(typeof cancelled.html === 'string' && cancelled.html).toMatch(/\(Ksh \d[\d,]*\.\d{2}(<!-- -->)?\) has been/);
    expect((await smsAbout(orderNumber, 'cancelled')).length).toBe(1);

    // Reopened: the shop's correction, no message.
    await setStatus(orderId, 'pending');
    expect(await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url))).toBe(0);
    expect(await subjects()).toEqual([
      `Your Manukato order ${orderNumber} is confirmed`,
      `Your Manukato order ${orderNumber} has been delivered`,
      `Your Manukato order ${orderNumber} has been cancelled`,
    ]);
    expect(await smsFiles(orderNumber)).toHaveLength(3);
  });

  const smsAbout = async (orderNumber: string, word: string) =>
    (await smsFiles(orderNumber)).filter((text) => text.includes(`has been ${word}`));
});

it('names each size in the confirmation e-mail', async () => {
  const { productId, variantIds } = await createProductWithSizes(shop, 'Oud Shela', [
    { sizeMl: 100, priceCents: 1_200_000, quantity: 4 },
    { sizeMl: 5, priceCents: 90_000, quantity: 10, isSample: true },
  ]);
  const user = await createSignedInUser(shop);
  for (const [variantId, quantity] of [
    [variantIds[0], 1],
    [variantIds[1], 2],
  ]) {
    await shop.http
      .post('/api/carts/add')
      .set(user.auth)
      .send({ product_id: productId, variant_id: variantId, quantity })
      .expect(201);
  }
  const placed = await shop.http
    .post('/api/orders/create')
    .set(user.auth)
    .send({ ...checkoutForm, recipient_email: 'shela@example.co.ke' })
    .expect(201);
  await payOnStandIn(shop, user, placed.body.data.order.id);
  await deliverDueNotifications(shop.orm.em.fork(), senders(smtp.url));
  const mail = await smtp.parsedLastTo('shela@example.co.ke');
  expect(mail.text).toContain('Oud Shela (100 ml · Eau de Parfum): 1 × Ksh 12,000.00');
  expect(mail.text).toContain('Oud Shela (5 ml decant · Eau de Parfum): 2 × Ksh 900.00');
});
