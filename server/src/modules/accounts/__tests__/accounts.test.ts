import { CodeChallenge } from '../code-challenge.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { startGoogleIssuer } from '../../../../test/google-issuer';

const googleClientId = 'manukato-test.apps.googleusercontent.com';
let shop: TestShop;
let smtp: SmtpSink;
let google: Awaited<ReturnType<typeof startGoogleIssuer>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  google = await startGoogleIssuer(googleClientId);
  shop = await startTestShop({
    seed: false,
    env: {
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: googleClientId,
      GOOGLE_JWKS_URL: google.jwksUrl,
      ADMIN_EMAIL: 'owner@manukato.test',
      ADMIN_PASSWORD: 'owner-password-123',
      PUBLIC_URL: 'https://shop.example',
    },
  });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
  await google.close();
});
// Every request here comes from 127.0.0.1: each test starts with the shared limits empty.
beforeEach(() => shop.orm.em.fork().getConnection().execute('delete from rate_limits'));

let counter = 0;
const uniqueEmail = () => `shopper${(counter += 1)}.${Date.now()}@example.co.ke`;

async function requestCode(email: string): Promise<{ hash: string; code: string }> {
  const response = await shop.http.post('/api/email/otp-login').send({ email }).expect(200);
  const mail = await smtp.lastTo(email);
  const [, code = ''] = /verification code is (\d{6})/.exec(mail) ?? [];
  return { hash: response.body.data.hash, code };
}

async function registerAccount(email = uniqueEmail(), password = 'secret-123') {
  const { hash, code } = await requestCode(email);
  await shop.http.post('/email/otp-verify').send({ email, otp: code, hash }).expect(200);
  const registered = await shop.http
    .post('/api/users/register')
    .send({ first: 'Amina', last: 'Odhiambo', email, password, role: '1', hash })
    .expect(201);
  return { email, password, token: registered.body.data.token as string, body: registered.body, response: registered };
}

describe('registration with an e-mailed code', () => {
  it('registers with the code from the SMTP sink, ignores a role in the body, and signs in', async () => {
    const { body, response, token, email } = await registerAccount();
    expect(body.data.role).toBe('0');
    // PUBLIC_URL is https here, so the cookie is Secure too.
    const [sessionCookie = ''] = response.get('Set-Cookie') ?? [];
    expect(sessionCookie).toMatch(/^session=[^;]+; Path=\/; Expires=.*HttpOnly; Secure; SameSite=Lax$/);
    const me = await shop.http.get('/api/users/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.data).toEqual({
      id: body.data.uid,
      first: 'Amina',
      last: 'Odhiambo',
      email,
      phone: null,
      role: 'USER',
    });
    const cookie = sessionCookie.slice(0, sessionCookie.indexOf(';'));
    const viaCookie = await shop.http
      .post('/graphql')
      .set('cookie', cookie)
      .send({ query: '{ me { id email role } }' });
    expect(viaCookie.body.data.me).toMatchObject({ email, role: 'USER' });
  });

  it('never stores the code in plain text', async () => {
    const email = uniqueEmail();
    const { hash, code } = await requestCode(email);
    const rows = await shop.orm.em.fork().getConnection().execute('select * from code_challenges where id = ?', [hash]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses registration without a verified code, and a second use of a proof', async () => {
    const email = uniqueEmail();
    const { hash } = await requestCode(email);
    const unverified = await shop.http
      .post('/api/users/register')
      .send({ first: 'A', last: 'B', email, password: 'secret-123', hash })
      .expect(400);
    expect(unverified.body.errors[0].code).toBe('VERIFICATION_REQUIRED');
    const forged = await shop.http
      .post('/api/users/register')
      .send({ first: 'A', last: 'B', email, password: 'secret-123', hash: '00000000-0000-0000-0000-000000000000' })
      .expect(400);
    expect(forged.body.errors[0].code).toBe('VERIFICATION_REQUIRED');
    const { hash: used, code } = await requestCode(email);
    await shop.http.post('/api/email/otp-verify').send({ email, otp: code, hash: used }).expect(200);
    const account = { first: 'A', last: 'B', email, password: 'secret-123', hash: used };
    await shop.http.post('/api/users/register').send(account).expect(201);
    const again = await shop.http.post('/api/users/register').send(account).expect(400);
    expect(again.body.errors[0].code).toBe('VERIFICATION_REQUIRED');
  });

  it('locks a code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = uniqueEmail();
    const { hash, code } = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await shop.http.post('/api/email/otp-verify').send({ email, otp: wrong, hash }).expect(400);
      expect(response.body.errors[0].code).toBe('INVALID_CODE');
    }
    const fifth = await shop.http.post('/api/email/otp-verify').send({ email, otp: wrong, hash }).expect(400);
    expect(fifth.body.errors[0].code).toBe('CODE_LOCKED');
    const right = await shop.http.post('/api/email/otp-verify').send({ email, otp: code, hash }).expect(400);
    expect(right.body.errors[0].code).toBe('CODE_LOCKED');
  });

  it('refuses an expired code and a code replaced by a resend', async () => {
    const email = uniqueEmail();
    const first = await requestCode(email);
    const second = await requestCode(email);
    const replaced = await shop.http
      .post('/api/email/otp-verify')
      .send({ email, otp: first.code, hash: first.hash })
      .expect(400);
    expect(replaced.body.errors[0].code).toBe('CODE_EXPIRED');
    await shop.orm.em
      .fork()
      .nativeUpdate(CodeChallenge, { id: second.hash }, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await shop.http
      .post('/api/email/otp-verify')
      .send({ email, otp: second.code, hash: second.hash })
      .expect(400);
    expect(expired.body.message).toBe('Invalid or expired code.');
  });

  it('answers GraphQL failures as data with the field and code', async () => {
    const { data } = await shop.graphql<{ register: { viewer: null; errors: { field: string; code: string }[] } }>(
      'mutation { register(input: { first: "", last: "B", email: "x@y.co", password: "123456", hash: "h" }) { viewer { id } errors { field code message } } }',
    );
    expect(data!.register).toMatchObject({ viewer: null, errors: [{ field: 'first', code: 'REQUIRED' }] });
  });
});

describe('signing in and out', () => {
  it('gives one message for a wrong e-mail or a wrong password', async () => {
    const { email } = await registerAccount();
    const wrongPassword = await shop.http.post('/api/users/login').send({ email, password: 'nope-nope' }).expect(400);
    const wrongEmail = await shop.http
      .post('/api/users/login')
      .send({ email: uniqueEmail(), password: 'nope-nope' })
      .expect(400);
    expect(wrongPassword.body.message).toBe('Invalid email or password.');
    expect(wrongEmail.body.message).toBe(wrongPassword.body.message);
  });

  it('signs in with e-mail and password; logout kills the session on the server', async () => {
    const { email, password } = await registerAccount();
    const login = await shop.http
      .post('/api/users/login')
      .send({ email: ` ${email.toUpperCase()} `, password })
      .expect(200);
    const token = login.body.data.token;
    await shop.http.get('/api/users/me').set('authorization', `Bearer ${token}`).expect(200);
    await shop.http.post('/api/users/logout').set('authorization', `Bearer ${token}`).expect(200);
    const after = await shop.http.get('/api/users/me').set('authorization', `Bearer ${token}`).expect(401);
    expect(after.body.message).toBe('Authentication required');
  });

  it('does not count successful sign-ins toward the limit', async () => {
    const { email, password } = await registerAccount();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await shop.http.post('/api/users/login').send({ email, password }).expect(200);
    }
  });

  it('rate-limits sign-in per account and says when to try again', async () => {
    const { email } = await registerAccount();
    let response;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      response = await shop.http.post('/api/users/login').send({ email, password: 'wrong-password' });
    }
    expect(response!.status).toBe(429);
    expect(response!.body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('roles on the server', () => {
  it('lets only the admin list users; a user and a guest are refused', async () => {
    const { token } = await registerAccount();
    await shop.http.get('/users/list').expect(401);
    await shop.http.get('/users/list').set('authorization', `Bearer ${token}`).expect(403);
    const admin = await shop.http
      .post('/api/users/login')
      .send({ email: 'owner@manukato.test', password: 'owner-password-123' })
      .expect(200);
    expect(admin.body.data.role).toBe('1');
    const list = await shop.http.get('/users/list').set('authorization', `Bearer ${admin.body.data.token}`).expect(200);
    expect(list.body.data.find((user: { email: string }) => user.email === 'owner@manukato.test').role).toBe('1');
    expect(list.body.data.every((user: Record<string, unknown>) => !('passwordHash' in user))).toBe(true);
  });
});

describe('Google sign-in', () => {
  it('refuses profile fields sent without an ID token', async () => {
    const response = await shop.http
      .post('/api/users/login/email')
      .send({ email: 'owner@manukato.test', name: 'Owner', picture: 'x', sub: '123' })
      .expect(400);
    expect(response.body.success).toBe(false);
  });

  it('accepts a token from the issuer, registering by subject, and signs in again by it', async () => {
    const email = uniqueEmail();
    const credential = await google.idToken({
      sub: 'google-sub-1',
      email,
      given_name: 'Wanjiru',
      family_name: 'Kamau',
    });
    const first = await shop.http.post('/api/users/login/email').send({ credential }).expect(200);
    const second = await shop.http.post('/api/users/login/email').send({ credential }).expect(200);
    expect(second.body.data.uid).toBe(first.body.data.uid);
    expect(first.body.data.user).toMatchObject({ email, first: 'Wanjiru', last: 'Kamau', role: 'USER' });
  });

  it.each([
    ['another audience', { audience: 'someone-else' }],
    ['another issuer', { issuer: 'https://evil.example' }],
    ['an expired token', { expiresIn: '-1m' }],
  ])('refuses %s', async (_label, options) => {
    const credential = await google.idToken({ sub: 'google-sub-2', email: uniqueEmail() }, options);
    const response = await shop.http.post('/api/users/login/email').send({ credential }).expect(400);
    expect(response.body.message).toBe('Google login failed. Please try again.');
  });

  it("says 'Missing required Google profile information' without an e-mail", async () => {
    const credential = await google.idToken({ sub: 'google-sub-3' });
    const response = await shop.http.post('/api/users/login/email').send({ credential }).expect(400);
    expect(response.body.message).toBe('Missing required Google profile information');
  });

  it('takes no address outside the shop’s one grammar from a token either, and makes no account', async () => {
    const credential = await google.idToken({ sub: 'google-sub-4', email: 'x<target@example.com>' });
    const response = await shop.http.post('/api/users/login/email').send({ credential }).expect(400);
    expect(response.body.message).toBe('Missing required Google profile information');
    const em = shop.orm.em.fork();
    expect(await em.getConnection().execute('select id from users where google_subject = ?', ['google-sub-4'])).toEqual(
      [],
    );
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await shop.http.post('/api/users/forgot-password').send({ email: uniqueEmail() }).expect(200);
    expect(response.body.message).toBe('Password reset instructions have been sent to your email.');
    expect(smtp.received.length).toBe(before);
  });

  it('e-mails a link that works once and ends the other sessions', async () => {
    const { email, token: oldSession } = await registerAccount();
    await shop.http.post('/api/users/forgot-password').send({ email }).expect(200);
    const mail = await smtp.lastTo(email);
    const resetToken = /https:\/\/shop\.example\/reset-password\?token=([\w-]+)/.exec(mail)![1];
    const reset = await shop.http
      .post('/api/users/reset-password')
      .send({ token: resetToken, password: 'brand-new-1' })
      .expect(200);
    await shop.http.get('/api/users/me').set('authorization', `Bearer ${oldSession}`).expect(401);
    await shop.http.get('/api/users/me').set('authorization', `Bearer ${reset.body.data.token}`).expect(200);
    await shop.http.post('/api/users/login').send({ email, password: 'brand-new-1' }).expect(200);
    const again = await shop.http
      .post('/api/users/reset-password')
      .send({ token: resetToken, password: 'another-1' })
      .expect(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired.');
  });

  describe('hardening', () => {
    it('answers 400, not 500, for ids shaped like a uuid that are not one', async () => {
      const dashes = '-'.repeat(36);
      await shop.http.post('/api/email/otp-verify').send({ email: 'x@y.co', otp: '123456', hash: dashes }).expect(400);
      await shop.http
        .post('/api/users/register')
        .send({ first: 'A', last: 'B', email: 'x@y.co', password: 'secret-1', hash: 'a'.repeat(36) })
        .expect(400);
    });

    it('counts parallel guesses one by one: after 5 the code is locked, even the right one', async () => {
      const email = uniqueEmail();
      const { hash, code } = await requestCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const guesses = await Promise.all(
        Array.from({ length: 20 }, () => shop.http.post('/api/email/otp-verify').send({ email, otp: wrong, hash })),
      );
      expect(
        guesses.filter((response) => response.body.errors?.[0]?.code === 'INVALID_CODE').length,
      ).toBeLessThanOrEqual(4);
      const right = await shop.http.post('/api/email/otp-verify').send({ email, otp: code, hash }).expect(400);
      expect(right.body.errors[0].code).toBe('CODE_LOCKED');
    });
  });
});
