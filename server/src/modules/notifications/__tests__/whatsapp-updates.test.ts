import fs from 'node:fs/promises';
import pino from 'pino';
import { createMailer } from '../../../mail/mailer';
import { formatKsh } from '../../../shared/money';
import { Order } from '../../orders/order.entity';
import { NotificationChannel, NotificationJob } from '../notification-job.entity';
import { deliverDueNotifications, maxNotificationAttempts, maxWhatsAppAttempts } from '../notifications.service';
import { createSmsSender } from '../sms';
import { createWhatsAppSender, whatsappSignature } from '../whatsapp';
import { whatsappTemplateBodies } from '../whatsapp-templates';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../whatsapp-stand-in/whatsapp-stand-in';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser } from '../../../../test/users';
import { payOnStandIn, placeOrderFor } from '../../../../test/checkout';
import { eventually } from '../../../../test/eventually';

const whatsapp = {
  token: 'EAAG-test-whatsapp-token',
  phoneNumberId: '106540352242922',
  appSecret: 'test-whatsapp-app-secret',
  verifyToken: 'test-whatsapp-verify-token',
};
// The stand-in knows the shop's templates as Meta would once they are approved: a name or count that drifts fails.
const templates = Object.fromEntries(
  Object.entries(whatsappTemplateBodies).map(([name, body]) => [name, body.match(/\{\{\d+\}\}/g)?.length ?? 0]),
);

let standIn: WhatsAppStandIn;
let shop: TestShop;
let smtp: SmtpSink;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  standIn = await startWhatsAppStandIn({ ...whatsapp, templates });
  smtp = await startSmtpSink();
  shop = await startTestShop({
    env: {
      WHATSAPP_TOKEN: whatsapp.token,
      WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
      WHATSAPP_APP_SECRET: whatsapp.appSecret,
      WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken,
      WHATSAPP_API_URL: standIn.url,
    },
  });
  standIn.setWebhookUrl(`${shop.url}/api/whatsapp/webhook`);
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
  await standIn.close();
});

const deliver = (now?: Date) =>
  deliverDueNotifications(
    shop.orm.em.fork(),
    {
      mailer: createMailer({ ...shop.config, mail: { ...shop.config.mail, smtpUrl: smtp.url } }, log),
      sms: createSmsSender(shop.config, log),
      whatsapp: createWhatsAppSender(shop.config, log),
      log,
    },
    now,
  );

let phones = 0;
/** A number no other test here uses, as typed (07…) and as E.164. */
function newPhone() {
  phones += 1;
  const digits = `7221${String(phones).padStart(5, '0')}`;
  return { typed: `0${digits}`, e164: `+254${digits}` };
}

/** A paid order whose shopper chose (or not) WhatsApp at checkout. */
async function paidOrder(phone: string, whatsappUpdates: boolean): Promise<Order> {
  const user = await createSignedInUser(shop);
  const placed = await placeOrderFor(shop, user, [[2, 1]], {
    recipient_phone: phone,
    whatsapp_updates: whatsappUpdates,
  });
  await payOnStandIn(shop, user, placed.id);
  const order = await shop.orm.em.fork().findOneOrFail(Order, { id: placed.id });
  expect(order.whatsappUpdates).toBe(whatsappUpdates);
  return order;
}

const jobsTo = (e164: string, channel: NotificationChannel) =>
  shop.orm.em.fork().find(NotificationJob, { recipient: e164, channel }, { orderBy: { id: 'asc' } });

async function smsTexts(e164: string): Promise<string[]> {
  const dir = shop.config.mail.outboxDir;
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith(`-${e164.slice(1)}.sms.txt`));
  return Promise.all(files.map((file) => fs.readFile(`${dir}/${file}`, 'utf8')));
}

const receivedBy = (e164: string) => standIn.messages().filter((message) => message.to === e164.slice(1));

it('WhatsApp chosen: the confirmation goes as the order_confirmed template to the Cloud API, and no SMS', async () => {
  const phone = newPhone();
  const order = await paidOrder(phone.typed, true);
  expect(await deliver()).toBe(2);

  const [message, ...more] = receivedBy(phone.e164);
  expect(more).toEqual([]);
  expect(message).toMatchObject({
    phoneNumberId: whatsapp.phoneNumberId,
    version: 'v23.0',
    authorization: `Bearer ${whatsapp.token}`,
    template: {
      name: 'order_confirmed',
      language: 'en',
      parameters: [formatKsh(order.totalCents), order.id.slice(0, 8), expect.stringMatching(/\/track\/[\w-]{22}$/)],
    },
    answeredStatus: 200,
  });
  const [job] = await jobsTo(phone.e164, NotificationChannel.WHATSAPP);
  expect(job).toMatchObject({ providerMessageId: message?.id, templateLanguage: 'en', fallbackQueuedAt: null });
  expect(job?.sentAt).toBeInstanceOf(Date);
  expect(message?.callbackData).toBe(String(job?.id));
  expect(await smtp.lastTo(order.recipientEmail)).toContain('is confirmed');

  // The stand-in reports sent and delivered, as Meta does: the shop takes both, and neither sends anything more.
  await eventually('the delivered report is answered', () =>
    standIn.reports().some((report) => report.messageId === message?.id && report.status === 'delivered'),
  );
  expect(standIn.reports().filter((report) => report.messageId === message?.id)).toEqual([
    { messageId: message?.id, status: 'sent', answeredStatus: 200 },
    { messageId: message?.id, status: 'delivered', answeredStatus: 200 },
  ]);
  expect(await deliver()).toBe(0);
  expect(await jobsTo(phone.e164, NotificationChannel.SMS)).toEqual([]);
  expect(await smsTexts(phone.e164)).toEqual([]);
});

it('made to fail (the Cloud API refuses, 131026): the SMS follows in the same run, once', async () => {
  const phone = newPhone();
  standIn.treat(phone.e164, 'refuse');
  const order = await paidOrder(phone.typed, true);
  expect(await deliver()).toBe(2);

  expect(receivedBy(phone.e164).map((message) => message.answeredStatus)).toEqual([400]);
  const [job] = await jobsTo(phone.e164, NotificationChannel.WHATSAPP);
  expect(job).toMatchObject({ sentAt: null, attempts: maxNotificationAttempts });
  expect(job?.fallbackQueuedAt).toBeInstanceOf(Date);
  expect(job?.lastError).toContain('131026');
  expect(job?.lastError).not.toMatch(/\n\s+at /);
  const texts = await smsTexts(phone.e164);
  expect(texts).toHaveLength(1);
  expect(texts[0]).toContain(`payment of ${formatKsh(order.totalCents)} received for order ${order.id.slice(0, 8)}`);

  expect(await deliver(new Date(Date.now() + 24 * 60 * 60_000))).toBe(0);
  expect(receivedBy(phone.e164)).toHaveLength(1);
  expect(await smsTexts(phone.e164)).toHaveLength(1);
});

it('a passing failure (503) is retried, and after maxWhatsAppAttempts the SMS goes instead', async () => {
  const phone = newPhone();
  standIn.treat(phone.e164, 'unavailable');
  await paidOrder(phone.typed, true);
  await deliver();
  const [first] = await jobsTo(phone.e164, NotificationChannel.WHATSAPP);
  expect(first).toMatchObject({ attempts: 1, fallbackQueuedAt: null });
  expect(await smsTexts(phone.e164)).toEqual([]);

  for (let hours = 1; hours < maxWhatsAppAttempts; hours += 1) await deliver(new Date(Date.now() + hours * 3_600_000));
  expect(receivedBy(phone.e164)).toHaveLength(maxWhatsAppAttempts);
  const [job] = await jobsTo(phone.e164, NotificationChannel.WHATSAPP);
  expect(job?.fallbackQueuedAt).toBeInstanceOf(Date);
  expect(job?.lastError).toContain('131016');
  expect(await smsTexts(phone.e164)).toHaveLength(1);
});

it('a failed report queues the SMS once, however often and however concurrently it is delivered', async () => {
  const phone = newPhone();
  await paidOrder(phone.typed, true);
  await deliver();
  const [message] = receivedBy(phone.e164);
  expect(message?.id).toMatch(/^wamid\./);
  const id = message?.id ?? '';

  expect(await Promise.all([standIn.sendStatus(id, 'failed'), standIn.sendStatus(id, 'failed')])).toEqual([200, 200]);
  expect(await standIn.sendStatus(id, 'failed')).toBe(200);
  expect(await jobsTo(phone.e164, NotificationChannel.SMS)).toHaveLength(1);
  const [job] = await jobsTo(phone.e164, NotificationChannel.WHATSAPP);
  expect(job?.lastError).toBe('WhatsApp reported the message failed: 131026 Message undeliverable');
  await deliver();
  expect(await smsTexts(phone.e164)).toHaveLength(1);
});

it('a number not on WhatsApp: accepted, then reported failed by webhook, and the SMS follows', async () => {
  const phone = newPhone();
  standIn.treat(phone.e164, 'not-on-whatsapp');
  await paidOrder(phone.typed, true);
  await deliver();
  await eventually(
    'the failed report is heard',
    async () => (await jobsTo(phone.e164, NotificationChannel.SMS)).length === 1,
  );
  await deliver();
  expect(await smsTexts(phone.e164)).toHaveLength(1);
});

describe('the webhook refuses what Meta did not sign', () => {
  const failedReport = (id: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '0', changes: [{ field: 'messages', value: { statuses: [{ id, status: 'failed' }] } }] }],
    });

  it('a bad, missing or malformed signature gets 401 and changes nothing', async () => {
    const phone = newPhone();
    await paidOrder(phone.typed, true);
    await deliver();
    const id = receivedBy(phone.e164)[0]?.id ?? '';
    const body = failedReport(id);
    for (const signature of [
      whatsappSignature('another-app-secret', body),
      undefined,
      'sha256=zz',
      whatsappSignature(whatsapp.appSecret, body).replace('sha256=', 'sha1='),
      `${whatsappSignature(whatsapp.appSecret, body)}00`,
    ]) {
      const request = shop.http.post('/api/whatsapp/webhook').set('content-type', 'application/json');
      if (signature) request.set('x-hub-signature-256', signature);
      const answer = await request.send(body);
      expect(answer.status).toBe(401);
    }
    const [job] = await jobsTo(phone.e164, NotificationChannel.WHATSAPP);
    expect(job).toMatchObject({ fallbackQueuedAt: null, lastError: null });
    expect(await jobsTo(phone.e164, NotificationChannel.SMS)).toEqual([]);
  });

  it('signed but not a JSON object, or holding what the shop cannot store: 400, never a 500', async () => {
    for (const body of ['{"entry":', '[1,2]', 'null', JSON.stringify({ entry: [{ changes: 'x' }], a: '\u0000' })]) {
      const answer = await shop.http
        .post('/api/whatsapp/webhook')
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', whatsappSignature(whatsapp.appSecret, body))
        .send(body);
      expect(answer.status).toBe(400);
    }
    // Well signed, oddly shaped: nothing to act on, and said so with a 200.
    const odd = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: 7 }, 'x', null] } }] }, 'y'] });
    await shop.http
      .post('/api/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', whatsappSignature(whatsapp.appSecret, odd))
      .send(odd)
      .expect(200);
  });

  it("answers Meta's subscription handshake only with the verify token", async () => {
    expect(await standIn.subscribe(whatsapp.verifyToken)).toBe(true);
    expect(await standIn.subscribe('not-the-verify-token')).toBe(false);
    await shop.http
      .get('/api/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': whatsapp.verifyToken })
      .expect(403);
  });
});

it('without the choice the shopper gets the SMS as before, and nothing reaches WhatsApp', async () => {
  const phone = newPhone();
  const order = await paidOrder(phone.typed, false);
  expect(await deliver()).toBe(2);
  expect(receivedBy(phone.e164)).toEqual([]);
  expect(await jobsTo(phone.e164, NotificationChannel.WHATSAPP)).toEqual([]);
  const texts = await smsTexts(phone.e164);
  expect(texts).toHaveLength(1);
  expect(texts[0]).toContain(`payment of ${formatKsh(order.totalCents)} received`);
});

it('keeps the notification jobs of the entity and the migrations alike', async () => {
  const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
  // Other tables' hand-written checks and partial indexes differ from what MikroORM would write; this one must not.
  expect(diff).not.toMatch(/notification_jobs/);
});
