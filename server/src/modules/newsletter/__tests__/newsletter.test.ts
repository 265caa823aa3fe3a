import type { ParsedMail } from 'mailparser';
import { UserRole } from '../../accounts/user.entity';
import {
  confirmedMessage,
  invalidConfirmLinkMessage,
  invalidUnsubscribeLinkMessage,
  subscribedMessage,
  unsubscribedMessage,
} from '../newsletter.service';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser } from '../../../../test/users';
import { deliverQueuedMessages } from '../../../../test/deliver';

let shop: TestShop;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await startTestShop({ seed: false });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});
// Every sign-up here comes from one loopback address: each test starts with the per-IP allowance.
beforeEach(() => shop.orm.em.fork().getConnection().execute('delete from rate_limits'));

const subscribe =
  'mutation ($email: String!) { subscribeToNewsletter(email: $email) { subscribed message errors { field code message } } }';
const confirm =
  'mutation ($token: String!) { confirmNewsletterSubscription(token: $token) { confirmed email message errors { field code message } } }';
const unsubscribe =
  'mutation ($token: String!) { unsubscribeFromNewsletter(token: $token) { unsubscribed message errors { field code message } } }';

const deliver = () => deliverQueuedMessages(shop, smtp);

async function subscribeAs(email: string) {
  const { data } = await shop.graphql<{
    subscribeToNewsletter: { subscribed: boolean; message: string; errors: { message: string }[] };
  }>(subscribe, { email });
  return data!.subscribeToNewsletter;
}

async function confirmWith(token: string) {
  const { data } = await shop.graphql<{
    confirmNewsletterSubscription: { confirmed: boolean; email: string | null; message: string };
  }>(confirm, { token });
  return data!.confirmNewsletterSubscription;
}

const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '').replace(/&amp;/g, '&');

/** The link to `path` in the message's HTML part, as a reader clicks it. */
function linkIn(mail: ParsedMail, path: string): URL {
  const found = new RegExp(`href="(https?://[^"]*${path}[^"]*)"`).exec(htmlOf(mail));
  if (!found) throw new Error(`no link to ${path} in "${mail.subject}"`);
  return new URL(found[1]!);
}

/** A header's value as sent (unfolded): mailparser files List-* headers under one structured 'list' entry. */
function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line?.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
}

/** The one-click URL of the List-Unsubscribe header. */
function headerUnsubscribeUrl(mail: ParsedMail): URL {
  const url = /^<(https?:[^>]+)>/.exec(headerOf(mail, 'list-unsubscribe') ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in "${mail.subject}"`);
  return new URL(url);
}

async function statusOf(email: string): Promise<string> {
  const [row] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ status: string }[]>('select status from newsletter_subscriptions where email = ?', [email]);
  return row!.status;
}

/** Subscribes, and returns the confirmation e-mail as the subscriber's mail client reads it. */
async function confirmationMailFor(email: string): Promise<ParsedMail> {
  expect(await subscribeAs(email)).toMatchObject({ subscribed: true, message: subscribedMessage });
  await deliver();
  const mail = await smtp.parsedLastTo(email);
  expect(mail.subject).toBe('Confirm your Manukato newsletter subscription');
  return mail;
}

it('subscribing sends a confirmation with a one-click unsubscribe, and promises nothing it has not done', async () => {
  const email = 'wanjiku@example.co.ke';
  expect(await subscribeAs(' Wanjiku@Example.co.ke ')).toMatchObject({ subscribed: true, message: subscribedMessage });
  expect(subscribedMessage).not.toMatch(/on its way/);
  expect(await statusOf(email)).toBe('pending');
  await deliver();
  const mail = await smtp.parsedLastTo(email);
  expect(mail.subject).toBe('Confirm your Manukato newsletter subscription');
  expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  expect(headerUnsubscribeUrl(mail).href).toMatch(`${shop.config.publicUrl}/api/newsletter/unsubscribe?token=`);
  expect(linkIn(mail, '/newsletter/confirm').href).toMatch(`${shop.config.publicUrl}/newsletter/confirm?token=`);
  expect(linkIn(mail, '/newsletter/unsubscribe').pathname).toBe('/newsletter/unsubscribe');
  expect(mail.text).toContain('10% off your first purchase');
});

it.each(['', 'not-an-address', 'a@b', 'two@@example.com'])('refuses %j with the spec message', async (email) => {
  const answer = await subscribeAs(email);
  expect(answer.subscribed).toBe(false);
  expect(answer.errors[0]?.message).toBe('Please enter a valid email address');
});

it('confirming sends exactly one welcome code; confirming again or re-subscribing sends nothing more', async () => {
  const email = 'achieng@example.co.ke';
  const token = linkIn(await confirmationMailFor(email), '/newsletter/confirm').searchParams.get('token')!;
  expect(await confirmWith(token)).toMatchObject({ confirmed: true, email, message: confirmedMessage });
  expect(await statusOf(email)).toBe('confirmed');
  expect(await deliver()).toBe(1);
  const welcome = await smtp.parsedLastTo(email);
  expect(welcome.subject).toBe('Your 10% off your first Manukato order');
  const code = /use the code (WELCOME-[A-Z0-9]{6}) at checkout/.exec(welcome.text ?? '')?.[1];
  expect(code).toBeDefined();
  expect(htmlOf(welcome)).toContain(code);
  expect(headerOf(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const [row] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ welcome_code: string }[]>('select welcome_code from newsletter_subscriptions where email = ?', [email]);
  expect(row!.welcome_code).toBe(code);
  // The e-mailed code is a real discount: 10% off, one use, a first order only, for this address alone (how
  // checkout judges such a code is in the discounts tests).
  const [discount] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<Record<string, unknown>[]>(
      'select kind, value, max_uses, first_order_only, email, active from discount_codes where code = ?',
      [code],
    );
  expect(discount).toEqual({ kind: 'percent', value: 10, max_uses: 1, first_order_only: true, email, active: true });

  // Twice, and the footer again: the same answers, and no second code or e-mail.
  expect(await confirmWith(token)).toMatchObject({ confirmed: true, email });
  expect(await subscribeAs(email)).toMatchObject({ subscribed: true, message: subscribedMessage });
  expect(await deliver()).toBe(0);
  expect(await smtp.allTo(email)).toHaveLength(2);
});

it('re-subscribing a pending address sends a new link, within the limit, with the same answer', async () => {
  const email = 'otieno@example.co.ke';
  await confirmationMailFor(email);
  const again = await confirmationMailFor(email);
  expect(await smtp.allTo(email)).toHaveLength(2);
  expect(await confirmWith(linkIn(again, '/newsletter/confirm').searchParams.get('token')!)).toMatchObject({
    confirmed: true,
  });
  // Three confirmation e-mails an hour per address, whoever asks: the fourth is refused.
  await subscribeAs('mutua@example.co.ke');
  await subscribeAs('mutua@example.co.ke');
  await subscribeAs('mutua@example.co.ke');
  const refused = await subscribeAs('mutua@example.co.ke');
  expect(refused.subscribed).toBe(false);
});

it('an unknown, tampered or expired confirmation link says so on the page', async () => {
  expect(await confirmWith('x'.repeat(43))).toMatchObject({
    confirmed: false,
    email: null,
    message: invalidConfirmLinkMessage,
  });
  expect((await confirmWith('short')).message).toBe(invalidConfirmLinkMessage);
  const email = 'kamau@example.co.ke';
  const token = linkIn(await confirmationMailFor(email), '/newsletter/confirm').searchParams.get('token')!;
  await shop.orm.em
    .fork()
    .getConnection()
    .execute(`update newsletter_subscriptions set confirm_expires_at = now() - interval '1 minute' where email = ?`, [
      email,
    ]);
  expect(await confirmWith(token)).toMatchObject({ confirmed: false, message: invalidConfirmLinkMessage });
  expect(await statusOf(email)).toBe('pending');
});

describe('unsubscribing', () => {
  it('the header URL: a GET changes nothing, the one-click POST of RFC 8058 unsubscribes', async () => {
    const email = 'njeri@example.co.ke';
    const url = headerUnsubscribeUrl(await confirmationMailFor(email));
    const path = `${url.pathname}${url.search}`;
    await shop.http.get(path);
    expect(await statusOf(email)).toBe('pending');
    await shop.http.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await statusOf(email)).toBe('unsubscribed');
    // Again (a retrying mail client): still 200, still unsubscribed.
    await shop.http.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await statusOf(email)).toBe('unsubscribed');
  });

  it('the visible link: the page’s button (the mutation) unsubscribes, and the old confirmation link dies', async () => {
    const email = 'chebet@example.co.ke';
    const mail = await confirmationMailFor(email);
    const token = linkIn(mail, '/newsletter/unsubscribe').searchParams.get('token')!;
    const { data } = await shop.graphql<{ unsubscribeFromNewsletter: { unsubscribed: boolean; message: string } }>(
      unsubscribe,
      { token },
    );
    expect(data!.unsubscribeFromNewsletter).toMatchObject({ unsubscribed: true, message: unsubscribedMessage });
    expect(await statusOf(email)).toBe('unsubscribed');
    const confirmToken = linkIn(mail, '/newsletter/confirm').searchParams.get('token')!;
    expect(await confirmWith(confirmToken)).toMatchObject({ confirmed: false });
  });

  it('refuses a forged token with a 400 and a field error, never a 500', async () => {
    const email = 'wafula@example.co.ke';
    const url = headerUnsubscribeUrl(await confirmationMailFor(email));
    const id = url.searchParams.get('token')!.split('.')[0];
    for (const token of [`${id}.forged`, `${Number(id) + 1}.${url.searchParams.get('token')!.split('.')[1]}`, '']) {
      await shop.http
        .post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(400);
      const { data } = await shop.graphql<{ unsubscribeFromNewsletter: { unsubscribed: boolean; message: string } }>(
        unsubscribe,
        { token },
      );
      expect(data!.unsubscribeFromNewsletter).toEqual({
        unsubscribed: false,
        message: invalidUnsubscribeLinkMessage,
        errors: [{ field: 'token', code: 'INVALID_TOKEN', message: invalidUnsubscribeLinkMessage }],
      });
    }
    expect(await statusOf(email)).toBe('pending');
  });
});

describe('the admin', () => {
  const list = `query ($search: String, $status: String, $limit: Int, $offset: Int) {
    adminNewsletterSubscribers(search: $search, status: $status, limit: $limit, offset: $offset) {
      totalCount figures { total pending confirmed unsubscribed }
      subscribers { id email status createdAt confirmedAt unsubscribedAt welcomeCodeSent }
    } }`;

  it('pages through subscribers with their status, searches by address and exports them as CSV', async () => {
    const admin = await createSignedInUser(shop, UserRole.ADMIN);
    const answer = await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({ query: list, variables: { search: 'ACHIENG', limit: 5 } })
      .expect(200);
    const found = answer.body.data.adminNewsletterSubscribers;
    expect(found.totalCount).toBe(1);
    expect(found.subscribers).toEqual([
      expect.objectContaining({ email: 'achieng@example.co.ke', status: 'confirmed', welcomeCodeSent: true }),
    ]);
    expect(found.figures.total).toBeGreaterThanOrEqual(found.figures.confirmed + found.figures.unsubscribed);
    const page = await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({ query: list, variables: { status: 'unsubscribed', limit: 1, offset: 0 } })
      .expect(200);
    expect(page.body.data.adminNewsletterSubscribers.subscribers).toHaveLength(1);
    expect(page.body.data.adminNewsletterSubscribers.subscribers[0].status).toBe('unsubscribed');

    // One page of 1 or of 50 subscribers costs the same statements.
    await shop.orm.em
      .fork()
      .getConnection()
      .execute(
        "insert into newsletter_subscriptions (email) select 'list-' || n || '@example.co.ke' from generate_series(1, 50) n",
      );
    const statementsOf = async (limit: number) =>
      (
        await shop.statements.measure(() =>
          shop.http.post('/graphql').set(admin.auth).send({ query: list, variables: { limit } }).expect(200),
        )
      ).statements;
    expect(await statementsOf(50)).toBe(await statementsOf(1));
    const fifty = await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({ query: list, variables: { limit: 50 } });
    expect(fifty.body.data.adminNewsletterSubscribers.subscribers).toHaveLength(50);

    const csv = await shop.http.get('/api/admin/export/subscribers.csv').set(admin.auth).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe(
      'Email,Status,Subscribed (Nairobi),Confirmed (Nairobi),Unsubscribed (Nairobi)',
    );
    expect(csv.text).toMatch(/\r\nachieng@example\.co\.ke,confirmed,\d{4}-\d\d-\d\d \d\d:\d\d,\d{4}-/);
    expect(csv.text).not.toMatch(/WELCOME-/);
  });

  it('refuses everyone else', async () => {
    const user = await createSignedInUser(shop);
    await shop.http.get('/api/admin/export/subscribers.csv').set(user.auth).expect(403);
    const answer = await shop.http.post('/graphql').set(user.auth).send({ query: list }).expect(200);
    expect(answer.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('the hand-written migration matches the entity', async () => {
    const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
    expect(diff).not.toMatch(/newsletter_subscriptions/);
  });
});
