import fs from 'node:fs/promises';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { UserRole } from '../../accounts/user.entity';
import { NotificationJob } from '../../notifications/notification-job.entity';
import { BackInStockRequest } from '../back-in-stock-request.entity';
import { BackInStockWatcher } from '../back-in-stock-watcher';
import { tellWaitingShoppers } from '../back-in-stock.service';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { createProductWithSizes, sizeStock } from '../../../../test/sizes';
import { deliverQueuedMessages } from '../../../../test/deliver';
import { placeOrderFor } from '../../../../test/checkout';
import { eventually } from '../../../../test/eventually';

const log = pino({ level: 'silent' });

let shop: TestShop;
let other: TestShop;
let smtp: SmtpSink;
let admin: TestUser;
/** Each instance's watcher, subscribed to its catalogue changes as server.ts subscribes it. */
let watchers: BackInStockWatcher[];

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await startTestShop({ seed: false });
  other = await startTestShop({ shareDatabaseOf: shop });
  watchers = [shop, other].map((instance) => {
    const watcher = new BackInStockWatcher(instance.orm.em, instance.config, log);
    instance.events.subscribe((change) => watcher.heard(change));
    return watcher;
  });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
});
afterAll(async () => {
  await other.close();
  await shop.close();
  await smtp.close();
});

interface Answer<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function graphqlOn<T>(
  instance: TestShop,
  user: TestUser | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const request = instance.http.post('/graphql').set('content-type', 'application/json');
  if (user) request.set(user.auth);
  return (await request.send({ query, variables }).expect(200)).body as Answer<T>;
}

interface Asked {
  askBackInStock: {
    asked: boolean;
    channel: string | null;
    message: string;
    errors: { field: string; code: string }[];
  };
}

const askMutation = `mutation ($variantId: Int!, $channel: BackInStockChannel, $contact: String) {
  askBackInStock(variantId: $variantId, channel: $channel, contact: $contact) {
    asked channel message errors { field code message }
  }
}`;

async function ask(
  user: TestUser | null,
  variables: { variantId: number; channel?: 'EMAIL' | 'SMS'; contact?: string },
  instance = shop,
) {
  const { data } = await graphqlOn<Asked>(instance, user, askMutation, variables);
  return data!.askBackInStock;
}

/** The admin's inventory edit of one size, on the instance given. */
async function restock(instance: TestShop, variantId: number, quantity: number) {
  const { data, errors } = await graphqlOn<{ updateVariantQuantity: { errors: unknown[] } }>(
    instance,
    admin,
    `mutation ($variantId: Int!, $quantity: Int!) {
       updateVariantQuantity(variantId: $variantId, quantity: $quantity) { product { id } errors { code } }
     }`,
    { variantId, quantity },
  );
  expect(errors).toBeUndefined();
  expect(data!.updateVariantQuantity.errors).toEqual([]);
}

async function jobsTo(recipient: string): Promise<NotificationJob[]> {
  return shop.orm.em.fork().find(NotificationJob, { recipient });
}

/** SMS files to `phone` in both instances' outboxes (each instance's worker writes to its own). */
async function smsTo(phone: string): Promise<string[]> {
  const texts: string[] = [];
  for (const instance of [shop, other]) {
    const folder = instance.config.mail.outboxDir;
    const files = await fs.readdir(folder).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.sms.txt'))) {
      const text = await fs.readFile(path.join(folder, file), 'utf8');
      if (text.startsWith(`To: ${phone}\n`)) texts.push(text);
    }
  }
  return texts;
}

/** The one-click URL of the List-Unsubscribe header, as sent (mailparser files List-* headers apart). */
function oneClickUrl(mail: ParsedMail): URL {
  const line = mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '';
  const url = /<(https?:[^>]+)>/.exec(line.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in "${mail.subject}"`);
  return new URL(url);
}

/** Until both instances have run for every change heard so far (at least `runs` runs each). */
async function bothWatchersDone(runs: number[]): Promise<void> {
  await eventually('both instances looked at the change', () =>
    watchers.every((watcher, index) => watcher.runs > runs[index]!),
  );
  await Promise.all(watchers.map((watcher) => watcher.idle()));
}

it('tells each of three waiting shoppers once when the admin restocks the size on one of two instances', async () => {
  const { productId, variantIds } = await createProductWithSizes(shop, 'Oud Savanna', [
    { sizeMl: 50, priceCents: 650_000, quantity: 4 },
    { sizeMl: 100, priceCents: 1_200_000, quantity: 0, salePriceCents: 990_000 },
  ]);
  const soldOut = variantIds[1]!;
  // A signed-in shopper with one tap (the account's e-mail), twice: still one request.
  const wanjiru = await createSignedInUser(shop);
  expect(await ask(wanjiru, { variantId: soldOut })).toMatchObject({ asked: true, channel: 'EMAIL', errors: [] });
  expect(await ask(wanjiru, { variantId: soldOut }, other)).toMatchObject({ asked: true, errors: [] });
  // Two guests: an e-mail typed in capitals, and a phone as Kenyans write it.
  expect(await ask(null, { variantId: soldOut, contact: ' Otieno@Example.co.ke ' })).toMatchObject({
    asked: true,
    channel: 'EMAIL',
  });
  expect(await ask(null, { variantId: soldOut, contact: '0712 345 678' })).toMatchObject({
    asked: true,
    channel: 'SMS',
  });
  const waiting = await shop.orm.em.fork().find(BackInStockRequest, { variant: soldOut }, { orderBy: { id: 'asc' } });
  expect(waiting.map((request) => request.contact)).toEqual([wanjiru.email, 'otieno@example.co.ke', '+254712345678']);

  const runs = watchers.map((watcher) => watcher.runs);
  await restock(other, soldOut, 6);
  await bothWatchersDone(runs);
  // Both instances heard the restock and claimed; one message each was queued.
  for (const contact of [wanjiru.email, 'otieno@example.co.ke', '+254712345678']) {
    expect(await jobsTo(contact)).toHaveLength(1);
  }
  // Both instances' workers send at once: still one each.
  await Promise.all([deliverQueuedMessages(shop, smtp), deliverQueuedMessages(other, smtp)]);
  for (const address of [wanjiru.email, 'otieno@example.co.ke']) {
    const mails = await smtp.allTo(address);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Oud Savanna (100 ml · Eau de Parfum) is back at Manukato');
    // The price a shopper pays today (the sale price) and the link to the size.
    expect(mail!.text).toContain('Ksh 9,900.00');
    expect(mail!.text).toContain(`${shop.config.publicUrl}/product/${productId}?size=${soldOut}`);
    expect(mail!.html).toContain(`/product/${productId}?size=${soldOut}`);
    expect(oneClickUrl(mail!).pathname).toBe('/api/back-in-stock/stop');
  }
  const sms = await smsTo('+254712345678');
  expect(sms).toHaveLength(1);
  expect(sms[0]).toContain('Oud Savanna, 100 ml, Eau de Parfum is back at Manukato, Ksh 9,900.00');
  expect(sms[0]).toContain(`/product/${productId}?size=${soldOut}`);

  // Sold out and restocked again: nobody waits any more, nothing is sent again.
  await restock(shop, soldOut, 0);
  const again = watchers.map((watcher) => watcher.runs);
  await restock(shop, soldOut, 3);
  await bothWatchersDone(again);
  for (const contact of [wanjiru.email, 'otieno@example.co.ke', '+254712345678']) {
    expect(await jobsTo(contact)).toHaveLength(1);
  }
  expect(await sizeStock(shop, [soldOut])).toEqual([3]);
});

it("looks at no one for a sale: an order's change leaves both watchers idle, and a restock after it still runs them", async () => {
  const { productId, variantIds } = await createProductWithSizes(shop, 'Cedar Ember', [
    { sizeMl: 50, priceCents: 500_000, quantity: 5 },
  ]);
  const buyer = await createSignedInUser(shop);
  await Promise.all(watchers.map((watcher) => watcher.idle()));
  const before = watchers.map((watcher) => watcher.runs);
  await placeOrderFor(shop, buyer, [[productId, 2]]);
  expect(await sizeStock(shop, variantIds)).toEqual([3]);
  // The restock's change comes after the order's on both instances: it is the barrier to wait for.
  await restock(other, variantIds[0]!, 7);
  await bothWatchersDone(before);
  // One run each, the restock's. Had the order's change run them, the restock would have made a second.
  expect(watchers.map((watcher, index) => watcher.runs - before[index]!)).toEqual([1, 1]);
});

it('claims each waiting shopper once when two instances sweep at the same moment', async () => {
  const { variantIds } = await createProductWithSizes(shop, 'Amber Dusk', [
    { sizeMl: 30, priceCents: 300_000, quantity: 0 },
  ]);
  const contacts = ['a@example.co.ke', 'b@example.co.ke', 'c@example.co.ke', 'd@example.co.ke'];
  for (const contact of contacts) expect((await ask(null, { variantId: variantIds[0]!, contact })).asked).toBe(true);
  // Stock written behind the services' back (no change announced): only the sweeps find it.
  await shop.orm.em
    .fork()
    .getConnection()
    .execute('update product_variants set quantity = 2 where id = ?', [variantIds[0]]);
  const told = await Promise.all([
    tellWaitingShoppers(shop.orm.em.fork(), shop.config, 'all'),
    tellWaitingShoppers(other.orm.em.fork(), other.config, 'all'),
  ]);
  expect(told[0]! + told[1]!).toBe(contacts.length);
  for (const contact of contacts) expect(await jobsTo(contact)).toHaveLength(1);
  expect(await tellWaitingShoppers(shop.orm.em.fork(), shop.config, 'all')).toBe(0);
});

it('refuses what it cannot keep, with the field and a plain reason', async () => {
  const { variantIds } = await createProductWithSizes(shop, 'Cedar Rain', [
    { sizeMl: 50, priceCents: 500_000, quantity: 2 },
    { sizeMl: 100, priceCents: 900_000, quantity: 0 },
  ]);
  const soldOut = variantIds[1]!;
  const refusal = async (user: TestUser | null, variables: Parameters<typeof ask>[1]) =>
    (await ask(user, variables)).errors.map(({ field, code }) => ({ field, code }));
  expect(await refusal(null, { variantId: soldOut })).toEqual([{ field: 'contact', code: 'REQUIRED' }]);
  expect(await refusal(null, { variantId: soldOut, contact: 'not-an-address@' })).toEqual([
    { field: 'contact', code: 'INVALID_EMAIL' },
  ]);
  expect(await refusal(null, { variantId: soldOut, contact: '12345' })).toEqual([
    { field: 'contact', code: 'INVALID_PHONE' },
  ]);
  expect(await refusal(null, { variantId: soldOut, channel: 'SMS', contact: 'wanjiru@example.co.ke' })).toEqual([
    { field: 'contact', code: 'INVALID_PHONE' },
  ]);
  expect(await refusal(null, { variantId: variantIds[0]!, contact: 'x@example.co.ke' })).toEqual([
    { field: 'variantId', code: 'IN_STOCK' },
  ]);
  expect(await refusal(null, { variantId: 2_000_000_000, contact: 'x@example.co.ke' })).toEqual([
    { field: 'variantId', code: 'NOT_FOUND' },
  ]);
  // An account with an e-mail only cannot be told by SMS without a phone typed.
  expect(await refusal(await createSignedInUser(shop), { variantId: soldOut, channel: 'SMS' })).toEqual([
    { field: 'contact', code: 'REQUIRED' },
  ]);
  const hostile = await graphqlOn<Asked>(shop, null, askMutation, { variantId: soldOut, contact: 'x'.repeat(100_000) });
  expect(hostile.data?.askBackInStock.errors[0]?.code ?? hostile.errors?.[0]?.extensions?.code).toBeDefined();
  expect(await shop.orm.em.fork().count(BackInStockRequest, { variant: variantIds })).toBe(0);
});

it("stops every size an address waits for from the e-mail's link, and only with a genuine token", async () => {
  const { variantIds } = await createProductWithSizes(shop, 'Vetiver Noon', [
    { sizeMl: 50, priceCents: 400_000, quantity: 0 },
    { sizeMl: 100, priceCents: 700_000, quantity: 0 },
  ]);
  const contact = 'achieng.waits@example.co.ke';
  for (const variantId of variantIds) expect((await ask(null, { variantId, contact })).asked).toBe(true);
  expect((await ask(null, { variantId: variantIds[0]!, contact: 'someone.else@example.co.ke' })).asked).toBe(true);
  const runs = watchers.map((watcher) => watcher.runs);
  await restock(shop, variantIds[0]!, 1);
  await bothWatchersDone(runs);
  await deliverQueuedMessages(shop, smtp);
  const mail = await smtp.parsedLastTo(contact);
  const stopUrl = /href="([^"]*\/back-in-stock\/stop\?token=[^"]+)"/.exec(String(mail.html))![1]!;
  const token = new URL(stopUrl.replace(/&amp;/g, '&')).searchParams.get('token')!;
  const stop = (value: string) =>
    graphqlOn<{ stopBackInStockMessages: { stopped: boolean; errors: { code: string }[] } }>(
      shop,
      null,
      'mutation ($token: String!) { stopBackInStockMessages(token: $token) { stopped errors { code } } }',
      { token: value },
    );
  expect((await stop(`${token}x`)).data!.stopBackInStockMessages).toEqual({
    stopped: false,
    errors: [{ code: 'INVALID_TOKEN' }],
  });
  expect((await stop(token)).data!.stopBackInStockMessages).toEqual({ stopped: true, errors: [] });
  // The 100 ml this address still waited for is forgotten (the 50 ml was told, to both addresses).
  const left = await shop.orm.em.fork().find(BackInStockRequest, { variant: variantIds, notifiedAt: null });
  expect(left).toHaveLength(0);
  // The one-click POST of a mail client, form-encoded, answers alike and is idempotent.
  const oneClick = oneClickUrl(mail);
  await shop.http
    .post(`${oneClick.pathname}${oneClick.search}`)
    .type('form')
    .send({ 'List-Unsubscribe': 'One-Click' })
    .expect(200);
  await shop.http.post('/api/back-in-stock/stop?token=nonsense').type('form').send({}).expect(400);
});

it("shows the owner how many wait per size, most first, in one statement whatever the list's length", async () => {
  const { variantIds } = await createProductWithSizes(shop, 'Most Wanted', [
    { sizeMl: 10, priceCents: 100_000, quantity: 0 },
    { sizeMl: 20, priceCents: 200_000, quantity: 0 },
  ]);
  for (const contact of ['m1@example.co.ke', 'm2@example.co.ke', 'm3@example.co.ke']) {
    await ask(null, { variantId: variantIds[1]!, contact });
  }
  await ask(null, { variantId: variantIds[0]!, contact: 'm1@example.co.ke' });
  const query = `{ adminMostWantedSizes(limit: 50) { totalCount sizes { variantId productName sizeLabel quantity waiting waitingSince } } }`;
  const read = () =>
    graphqlOn<{
      adminMostWantedSizes: { totalCount: number; sizes: { variantId: number; waiting: number; sizeLabel: string }[] };
    }>(shop, admin, query);
  const { result, statements } = await shop.statements.measure(read);
  const sizes = result.data!.adminMostWantedSizes.sizes;
  expect(sizes[0]).toMatchObject({ variantId: variantIds[1], waiting: 3, sizeLabel: '20 ml · Eau de Parfum' });
  expect(sizes.find((size) => size.variantId === variantIds[0])).toMatchObject({ waiting: 1 });
  expect(result.data!.adminMostWantedSizes.totalCount).toBe(sizes.length);
  // The session's viewer, then the list.
  expect(statements).toBeLessThanOrEqual(2);
  const shopper = await createSignedInUser(shop);
  const refused = await graphqlOn(shop, shopper, query);
  expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  // The schema the entity describes is the one the migration made.
  const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
  expect(diff).not.toMatch(/back_in_stock_requests|cart_activity|cart_reminders_off_at/);
});
