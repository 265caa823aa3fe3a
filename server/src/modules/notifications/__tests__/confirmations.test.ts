import fs from 'node:fs/promises';
import pino from 'pino';
import { createMailer } from '../../../mail/mailer';
import { Order } from '../../orders/order.entity';
import { NotificationJob } from '../notification-job.entity';
import { deliverDueNotifications } from '../notifications.service';
import { createSmsSender } from '../sms';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser } from '../../../../test/users';
import { placeOrderFor, startPayment } from '../../../../test/checkout';

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

async function paidOrder(email: string): Promise<string> {
  const user = await createSignedInUser(shop);
  const order = await placeOrderFor(shop, user, [[2, 1]], {
    recipient_name: 'Wairimu',
    recipient_email: email,
    recipient_phone: '0722 000 111',
  });
  const payment = await startPayment(shop, user, order.id);
  await shop.http
    .post(new URL(payment.authorization_url).pathname)
    .type('form')
    .send({ outcome: 'success' })
    .expect(303);
  return order.id;
}

function senders(smtpUrl: string) {
  const config = { ...shop.config, mail: { ...shop.config.mail, smtpUrl } };
  return { mailer: createMailer(config, log), sms: createSmsSender(shop.config, log), log };
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
