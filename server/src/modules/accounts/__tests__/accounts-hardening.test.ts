import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { hashPassword } from '../accounts.service';
import { User } from '../user.entity';
import { singleRow } from '../../../shared/single-row';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser } from '../../../../test/users';

// Issue 10, findings 4, 6 and 8: single use under parallel use, limits counted before the work, and
// sign-up codes that answer the same whoever has an account.
let shop: TestShop;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await startTestShop({ seed: false, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});
// Every request here comes from 127.0.0.1: each test starts with the shared limits empty.
beforeEach(() => clearLimits());

const clearLimits = () => shop.orm.em.fork().getConnection().execute('delete from rate_limits');
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@example.co.ke`;
const statuses = (answers: Response[]) => answers.map((answer) => answer.status).sort();
const tooMany = /^Too many [\w -]+\. Please try again in \d+ minutes?\.$/;

async function liveSessions(email: string): Promise<number> {
  const rows = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ count: string }[]>(
      'select count(*) from sessions s join users u on u.id = s.user_id where u.email = ? and s.revoked_at is null',
      [email],
    );
  return Number(singleRow(rows).count);
}

async function accountWithPassword(password: string): Promise<string> {
  const em = shop.orm.em.fork();
  const email = uniqueEmail('burst');
  em.create(User, { first: 'Burst', last: 'Test', email, passwordHash: await hashPassword(password) });
  await em.flush();
  return email;
}

describe('single-use things used in parallel', () => {
  it('a reset link used 10 times at once works once, leaving one live session', async () => {
    const { email } = await createSignedInUser(shop);
    expect(await liveSessions(email)).toBe(1);
    await shop.http.post('/api/users/forgot-password').send({ email }).expect(200);
    const token = /reset-password\?token=([\w-]+)/.exec(await smtp.lastTo(email))![1];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        shop.http.post('/api/users/reset-password').send({ token, password: `new-password-${index}` }),
      ),
    );
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(400)]);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body.message).toBe('This reset link is invalid or has expired.');
    }
    // The session from before the reset has ended; only the winner's is live.
    expect(await liveSessions(email)).toBe(1);
    const winner = answers.find((answer) => answer.status === 200)!;
    await shop.http.get('/api/users/me').set('authorization', `Bearer ${winner.body.data.token}`).expect(200);
  });

  it('a reset ends the other unused links of the account too', async () => {
    const { email } = await createSignedInUser(shop);
    await shop.http.post('/api/users/forgot-password').send({ email }).expect(200);
    const first = /reset-password\?token=([\w-]+)/.exec(await smtp.lastTo(email))![1];
    // The reset e-mail is handed to the SMTP server before the answer: the latest is the second link.
    await shop.http.post('/api/users/forgot-password').send({ email }).expect(200);
    const second = /reset-password\?token=([\w-]+)/.exec(await smtp.lastTo(email))![1];
    expect(second).not.toBe(first);
    await shop.http.post('/api/users/reset-password').send({ token: second, password: 'new-password-1' }).expect(200);
    await shop.http.post('/api/users/reset-password').send({ token: first, password: 'new-password-2' }).expect(400);
  });

  it('a verified sign-up proof used 10 times at once creates one account with one session', async () => {
    const email = uniqueEmail('proof');
    const requested = await shop.http.post('/api/email/otp-login').send({ email }).expect(200);
    const hash = requested.body.data.hash;
    const otp = /verification code is (\d{6})/.exec(await smtp.lastTo(email))![1];
    await shop.http.post('/api/email/otp-verify').send({ email, otp, hash }).expect(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop.http
          .post('/api/users/register')
          .send({ first: 'Amina', last: 'Odhiambo', email, password: 'secret-123', hash }),
      ),
    );
    expect(statuses(answers)).toEqual([201, ...Array(9).fill(400)]);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body.errors[0].code).toBe('VERIFICATION_REQUIRED');
    }
    expect(await shop.orm.em.fork().count(User, { email })).toBe(1);
    expect(await liveSessions(email)).toBe(1);
  });
});

describe('sign-in limit under parallel bursts', () => {
  const password = 'right-password-1';

  /** 40 sign-ins at once for one account, the right password at `rightAt`, the rest wrong. */
  async function burst(rightAt: number, target: (index: number) => TestShop = () => shop) {
    const email = await accountWithPassword(password);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        target(index)
          .http.post('/api/users/login')
          .send({ email, password: index === rightAt ? password : `wrong-password-${index}` }),
      ),
    );
    return answers;
  }

  function expectLimitHeld(answers: Response[]) {
    // At most 10 passwords were checked: everything past the limit was refused before the check.
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    // Whether the right password was among the ten checked depends on arrival order, which is the network's.
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    }
  }

  it.each([
    ['26', 25],
    ['40', 39],
    ['26, again', 25],
    ['40, again', 39],
  ])('checks at most 10 passwords of a burst of 40 (the right one at position %s)', async (_label, rightAt) => {
    const answers = await burst(rightAt);
    expectLimitHeld(answers);
  });

  it('holds across two instances of the shop on one database', async () => {
    const second = await startTestShop({ seed: false, shareDatabaseOf: shop, env: { SMTP_URL: smtp.url } });
    try {
      const answers = await burst(39, (index) => (index % 2 === 0 ? shop : second));
      expectLimitHeld(answers);
    } finally {
      await second.close();
    }
  });

  it('still lets the owner sign in when the tries so far succeeded', async () => {
    const email = await accountWithPassword(password);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await shop.http.post('/api/users/login').send({ email, password }).expect(200);
    }
  });
});

describe('sign-up codes and reset e-mails', () => {
  it('answers the same for a known and an unknown address; the account holder is told to sign in', async () => {
    const { email: known } = await createSignedInUser(shop);
    const unknown = uniqueEmail('new');
    const knownAnswer = await shop.http.post('/api/email/otp-login').send({ email: known }).expect(200);
    const unknownAnswer = await shop.http.post('/api/email/otp-login').send({ email: unknown }).expect(200);
    const shape = (body: { data: { hash: string } }) => ({
      ...body,
      data: { ...body.data, hash: typeof body.data.hash },
    });
    expect(shape(knownAnswer.body)).toEqual(shape(unknownAnswer.body));
    expect(knownAnswer.body.data.hash).toMatch(/^[0-9a-f-]{36}$/);

    const toHolder = await smtp.lastTo(known);
    expect(toHolder).toContain('you already have one');
    expect(toHolder).toContain('https://shop.example/login');
    expect(toHolder).toContain('https://shop.example/forgot-password');
    expect(toHolder).not.toMatch(/\b\d{6}\b/);
    expect(await smtp.lastTo(unknown)).toMatch(/verification code is \d{6}/);

    // GraphQL answers alike, and the holder's hash proves nothing: no code matches it.
    const asked = (email: string) =>
      shop.graphql<{ requestSignupCode: { hash: string | null; errors: unknown[] } }>(
        'mutation ($email: String!) { requestSignupCode(email: $email) { hash errors { code } } }',
        { email },
      );
    const [viaKnown, viaUnknown] = [await asked(known), await asked(unknown)];
    expect(viaKnown.data!.requestSignupCode.errors).toEqual([]);
    expect(viaUnknown.data!.requestSignupCode.errors).toEqual([]);
    const hash = viaKnown.data!.requestSignupCode.hash;
    const guess = await shop.http.post('/api/email/otp-verify').send({ email: known, otp: '123456', hash }).expect(400);
    expect(guess.body.errors[0].code).toBe('INVALID_CODE');
  });

  it('refuses the 11th address one client asks codes for, with 429', async () => {
    const before = smtp.received.length;
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        shop.http.post('/api/email/otp-login').send({ email: uniqueEmail(`spray-${index}`) }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body.message).toMatch(
        /^Too many e-mails requested from this address\. Please try again in \d+ minutes?\.$/,
      );
    }
    // Reset e-mails share the budget.
    const reset = await shop.http
      .post('/api/users/forgot-password')
      .send({ email: uniqueEmail('reset') })
      .expect(429);
    expect(reset.body.message).toMatch(tooMany);
    expect(smtp.received.length - before).toBeLessThanOrEqual(10);
  });

  it('limits codes and reset requests per address, the same for known and unknown addresses', async () => {
    const { email: known } = await createSignedInUser(shop);
    const unknown = uniqueEmail('unknown');
    for (const email of [known, unknown]) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await shop.http.post('/api/users/forgot-password').send({ email }).expect(200);
      }
      const refused = await shop.http.post('/api/users/forgot-password').send({ email }).expect(429);
      expect(refused.body.message).toMatch(
        /^Too many reset requests for this address\. Please try again in \d+ minutes?\.$/,
      );
    }
    await clearLimits();
    const email = uniqueEmail('codes');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await shop.http.post('/api/email/otp-login').send({ email }).expect(200);
    }
    const refused = await shop.http.post('/api/email/otp-login').send({ email }).expect(429);
    expect(refused.body.message).toMatch(
      /^Too many codes requested for this address\. Please try again in \d+ minutes?\.$/,
    );
  });
});
