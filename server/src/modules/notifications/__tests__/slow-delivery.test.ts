import pino from 'pino';
import { createMailer } from '../../../mail/mailer';
import { deliverDueNotifications } from '../notifications.service';
import { createSmsSender } from '../sms';
import { createWhatsAppSender } from '../whatsapp';
import { payOnStandIn, placeOrderFor } from '../../../../test/checkout';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser } from '../../../../test/users';
import { eventually } from '../../../../test/eventually';

/**
 * The worker claims a job with a lease and sends it with no transaction open: a mail server slower than the shop's
 * idle-in-transaction limit neither holds a pooled connection (a few stuck sends would take the whole pool) nor
 * gets its message sent twice.
 */
let shop: TestShop;
let slowSmtp: SmtpSink;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  slowSmtp = await startSmtpSink({ delayMs: 3_000 });
  shop = await startTestShop({ env: { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await shop.close();
  await slowSmtp.close();
});

it('sends through a mail server slower than the idle limit once, and marks it sent', async () => {
  const user = await createSignedInUser(shop);
  const order = await placeOrderFor(shop, user, [[2, 1]], { recipient_email: 'wambui@example.co.ke' });
  await payOnStandIn(shop, user, order.id);
  const config = { ...shop.config, mail: { ...shop.config.mail, smtpUrl: slowSmtp.url } };
  const senders = {
    mailer: createMailer(config, log),
    sms: createSmsSender(shop.config, log),
    whatsapp: createWhatsAppSender(shop.config, log),
    log,
  };
  // The confirmation's e-mail and SMS.
  const delivering = deliverDueNotifications(shop.orm.em.fork(), senders);
  // Mid-send (the sink holds each message 3 s before answering): no session of this database sits in a transaction.
  await eventually('the sink holds a message', () => slowSmtp.receiving);
  const waiting = await shop.orm.em
    .getConnection()
    .execute<{ count: string }[]>(
      `select count(*) from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
  expect(Number(waiting[0]?.count)).toBe(0);
  expect(await delivering).toBe(2);
  expect(await deliverDueNotifications(shop.orm.em.fork(), senders)).toBe(0);
  expect(await slowSmtp.allTo('wambui@example.co.ke')).toHaveLength(1);
});
