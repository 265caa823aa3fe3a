import fs from 'node:fs/promises';
import { ownerAlertSms, type OwnerAlertEmailProps } from '../emails/owner-alert-email';
import { gsmLength } from '../emails/sms-texts';
import { shopSettingsOf } from '../../../config/config';
import { queueLowStockDigest } from '../owner-alerts';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser } from '../../../../test/users';
import { payOnStandIn, placeOrderFor, startPayment } from '../../../../test/checkout';
import { deliverQueuedMessages } from '../../../../test/deliver';

const ownerEmail = 'owner@manukato.co.ke';
let alerting: TestShop;
/** A second instance on the same database without SHOP_ALERT_ settings. */
let quiet: TestShop;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  alerting = await startTestShop({ env: { SHOP_ALERT_EMAIL: ownerEmail, SHOP_ALERT_PHONE: '+254 700 111 222' } });
  quiet = await startTestShop({ shareDatabaseOf: alerting });
});
afterAll(async () => {
  await quiet.close();
  await alerting.close();
  await smtp.close();
});

const deliver = (shop: TestShop) => deliverQueuedMessages(shop, smtp);

/** Places and pays an order through `shop` (the stand-in's pay page, then its webhook to that instance). */
async function paidOrderThrough(shop: TestShop, email: string): Promise<string> {
  const user = await createSignedInUser(shop);
  const order = await placeOrderFor(shop, user, [[2, 1]], {
    recipient_name: 'Wairimu Njoroge',
    recipient_email: email,
  });
  await payOnStandIn(shop, user, order.id);
  return order.id;
}

async function ownerSmsTexts(shop: TestShop): Promise<string[]> {
  const dir = shop.config.mail.outboxDir;
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.sms.txt'));
  const texts = await Promise.all(files.map((file) => fs.readFile(`${dir}/${file}`, 'utf8')));
  return texts.filter((text) => text.includes('To: +254700111222'));
}

it('a paid order alerts the owner by e-mail and SMS when SHOP_ALERT_ settings are set', async () => {
  expect(alerting.config.shopAlerts).toEqual({ email: ownerEmail, phone: '+254700111222' });
  const orderId = await paidOrderThrough(alerting, 'wairimu@example.co.ke');
  await deliver(alerting);
  const mail = await smtp.parsedLastTo(ownerEmail);
  const number = orderId.slice(0, 8);
  expect(mail.subject).toBe(`Manukato: new order ${number}, Ksh 4,320.00 paid`);
  expect(mail.text).toContain(`New paid order ${number}`);
  expect(mail.text).toContain('Customer: Wairimu Njoroge, wairimu@example.co.ke');
  expect(mail.text).toContain('Total: Ksh 4,320.00 for 1 item');
  expect(typeof mail.html === 'string' ? mail.html : '').toContain(`${alerting.config.publicUrl}/oxalis/orders`);
  const sms = await ownerSmsTexts(alerting);
  expect(sms).toHaveLength(1);
  expect(sms[0]).toContain(`New paid order ${number}, Ksh 4,320.00, 1 item`);
});

it('a second payment for a paid order alerts the owner that a refund is needed', async () => {
  const user = await createSignedInUser(alerting);
  const order = await placeOrderFor(alerting, user, [[2, 1]], { recipient_name: 'Baraka Mwangi' });
  // Two tabs: two payments started, both paid.
  const first = await startPayment(alerting, user, order.id);
  const second = await startPayment(alerting, user, order.id);
  for (const payment of [first, second]) {
    await alerting.http
      .post(new URL(payment.authorization_url).pathname)
      .type('form')
      .send({ outcome: 'success' })
      .expect(303);
  }
  await deliver(alerting);
  const number = order.id.slice(0, 8);
  const alerts = (await smtp.allTo(ownerEmail)).filter((mail) => mail.subject?.includes(number));
  expect(alerts.map((mail) => mail.subject)).toEqual([
    expect.stringMatching(`new order ${number}`),
    `Manukato: refund needed for order ${number}`,
  ]);
  expect(alerts[1]!.text).toContain('Duplicate payment for an order already paid: refund needed.');
  expect(
    (await ownerSmsTexts(alerting)).filter((text) => text.includes(`Refund needed for order ${number}`)),
  ).toHaveLength(1);
});

it('without the settings nobody is alerted (the customer still gets the confirmation)', async () => {
  const before = smtp.received.length;
  const orderId = await paidOrderThrough(quiet, 'kiprop@example.co.ke');
  await deliver(quiet);
  await smtp.parsedLastTo('kiprop@example.co.ke');
  const jobs = await quiet.orm.em
    .fork()
    .getConnection()
    .execute<{ recipient: string }[]>(`select recipient from notification_jobs where subject like ? or body like ?`, [
      `%${orderId.slice(0, 8)}%`,
      `%${orderId.slice(0, 8)}%`,
    ]);
  expect(jobs.map((job) => job.recipient).sort()).toEqual(['+254712345678', 'kiprop@example.co.ke']);
  expect(smtp.received.slice(before).filter((mail) => mail.to.includes(ownerEmail))).toHaveLength(0);
});

/** An owner alert about an order with the biggest amounts a message carries, for `customerName`. */
const alertFor = (customerName: string): OwnerAlertEmailProps => ({
  kind: 'paid',
  order: {
    publicUrl: 'https://shop.example',
    orderNumber: '3f9c2a1b',
    customerName,
    customerEmail: 'wanjiku@example.co.ke',
    customerPhone: '+254712345678',
    totalCents: 123_456_789_00,
    itemCount: 120,
  },
});

function expectOneSegment(text: string) {
  expect(gsmLength(text)).not.toBeNull();
  expect(gsmLength(text)!).toBeLessThanOrEqual(160);
}

it('the owner SMS fits one GSM-7 segment with long data', () => {
  for (const kind of ['paid', 'refund-needed'] as const) {
    expectOneSegment(ownerAlertSms({ ...alertFor('Wanjiku Kamau Njoroge wa Muthoni Nyambura Wambui'), kind }));
  }
});

describe("the buyer's name in the owner SMS (issue 23)", () => {
  it.each([
    ['a line feed', 'Wanjiku\nKamau', 'Wanjiku Kamau'],
    ['a carriage return and line feed', 'Wanjiku\r\nKamau', 'Wanjiku Kamau'],
    ['a tab', 'Wanjiku\tKamau', 'Wanjiku Kamau'],
    ['a line separator', 'Wanjiku\u2028Kamau', 'Wanjiku Kamau'],
    ['a paragraph separator and a vertical tab', 'Wanjiku\u2029\u000bKamau', 'Wanjiku Kamau'],
    ['breaks around it and several together', '\n\r Wanjiku \n\n\t\u2028 Kamau \r\n', 'Wanjiku Kamau'],
    ['a right-to-left override and a zero-width space', 'Wanjiku\u202e\u200b Kamau', 'Wanjiku Kamau'],
    ['a NUL and an escape', 'Wanjiku\u0000\u001b[2JKamau', 'Wanjiku [2JKamau'],
  ])('is one line with %s', (_label, name, shown) => {
    const text = ownerAlertSms(alertFor(name));
    expect(text).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}]/u);
    expect(text).toContain(`120 items, ${shown}.`);
    expectOneSegment(text);
  });

  it.each([
    ['typographic quotes', 'Mary O’Brien “Nyambura”', 'Mary O\'Brien "Nyambura"'],
    ['accents outside GSM-7', 'Wanjirū Njoroge', 'Wanjiru Njoroge'],
    ['accents in GSM-7 and not', 'Zoë Müller', 'Zoe Müller'],
    ['an emoji', 'Achieng 🌸 Otieno 👨\u200d👩\u200d👧 👍🏽', 'Achieng ? Otieno ? ?'],
    ['a script GSM-7 lacks', 'Амина Wanjiku', '? Wanjiku'],
    ['a combining accent', 'Rene\u0301e Wanjiru\u0304', 'Renée Wanjiru'],
  ])('stays one GSM-7 segment with %s', (_label, name, shown) => {
    const text = ownerAlertSms(alertFor(name));
    expect(text).toContain(`, ${shown}.`);
    expectOneSegment(text);
  });

  it('keeps at most 40 septets of the name (€ counts twice), cut between characters', () => {
    const text = ownerAlertSms(alertFor(`${'€'.repeat(30)} ${'x'.repeat(100)}`));
    expectOneSegment(text);
    expect(text).toMatch(/, €{20}\.$/);
    expect(ownerAlertSms(alertFor(`${'a'.repeat(39)}😀😀`))).toMatch(/, a{39}\?\.$/);
  });
});

describe('the daily low-stock digest', () => {
  const digestOptions = (shop: TestShop) => shopSettingsOf(shop.config);
  const sql = (text: string) => alerting.orm.em.fork().getConnection().execute(text);

  it('is skipped when nothing is low, and without SHOP_ALERT_EMAIL', async () => {
    await sql('update products set quantity = greatest(quantity, 50)');
    expect(await queueLowStockDigest(alerting.orm.em.fork(), digestOptions(alerting))).toBe(false);
    await sql(`update products set quantity = 1 where id = 2`);
    expect(await queueLowStockDigest(quiet.orm.em.fork(), digestOptions(quiet))).toBe(false);
    expect(await sql('select * from low_stock_digests')).toEqual([]);
  });

  it('two instances asking at once send one e-mail a day', async () => {
    await sql(`update products set quantity = 0 where id = 3`);
    // Two instances with the settings on one database, their timers firing together.
    const second = await startTestShop({ shareDatabaseOf: alerting, env: { SHOP_ALERT_EMAIL: ownerEmail } });
    try {
      const sent = await Promise.all([
        queueLowStockDigest(alerting.orm.em.fork(), digestOptions(alerting)),
        queueLowStockDigest(second.orm.em.fork(), digestOptions(second)),
        queueLowStockDigest(alerting.orm.em.fork(), digestOptions(alerting)),
      ]);
      expect(sent.filter(Boolean)).toHaveLength(1);
      expect(await queueLowStockDigest(second.orm.em.fork(), digestOptions(second))).toBe(false);
      const before = smtp.received.filter((mail) => mail.to.includes(ownerEmail)).length;
      await deliver(alerting);
      const digests = (await smtp.allTo(ownerEmail)).slice(before);
      expect(digests).toHaveLength(1);
      expect(digests[0]!.subject).toBe('Manukato low stock: 2 products at or below 5');
      expect(digests[0]!.text).toMatch(/: out of stock/);
      expect(digests[0]!.text).toMatch(/: 1 left/);
      expect(await sql('select product_count from low_stock_digests')).toEqual([{ product_count: 2 }]);
    } finally {
      await second.close();
    }
  });
});
