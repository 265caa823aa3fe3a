import fs from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { startTestShop, type TestShop } from '../../../../test/test-shop';

// Issue 26: sign-in with a Kenyan mobile number and a texted code, with the e-mailed code's rules and limits
// that every instance shares. Texts land in the shop's outbox (no AT_API_KEY): the SMS sink.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());
// Every request here comes from 127.0.0.1: each test starts with the shared limits empty.
beforeEach(() => shop.orm.em.fork().getConnection().execute('delete from rate_limits'));

const requestCode = `mutation ($phone: String!) {
  requestPhoneCode(phone: $phone) { hash resendSeconds errors { field code message } } }`;
const verifyCode = `mutation ($phone: String!, $otp: String!, $hash: String!) {
  verifyPhoneCode(phone: $phone, otp: $otp, hash: $hash) {
    newAccount token viewer { id first last email phone role } errors { field code message } } }`;
const register = `mutation ($input: PhoneRegisterInput!) {
  registerWithPhone(input: $input) { token viewer { id first last email phone role } errors { field code message } } }`;

interface Problem {
  field: string;
  code: string;
  message: string;
}
interface Verification {
  newAccount: boolean;
  token: string | null;
  viewer: { id: string; first: string; last: string; email: string | null; phone: string | null; role: string } | null;
  errors: Problem[];
}

/** A Safaricom-style number nobody else in this run has: `07…` as typed, `+2547…` as stored. */
function newNumber() {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return {
    typed: `07${digits.slice(0, 1)}2 ${digits.slice(1, 4)} ${digits.slice(4)}`,
    e164: `+2547${digits[0]}2${digits.slice(1)}`,
  };
}

async function textsTo(on: TestShop, e164: string): Promise<string[]> {
  const dir = on.config.mail.outboxDir;
  const files = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith(`-${e164.slice(1)}.sms.txt`))
    .sort();
  return Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
}

async function lastCode(on: TestShop, e164: string): Promise<string> {
  const texts = await textsTo(on, e164);
  const code = /sign-in code is (\d{6})/.exec(texts.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${e164}`);
  return code;
}

async function askCode(on: TestShop, phone: string) {
  const { data } = await on.graphql<{
    requestPhoneCode: { hash: string | null; resendSeconds: number | null; errors: Problem[] };
  }>(requestCode, { phone });
  return data!.requestPhoneCode;
}

async function verify(on: TestShop, phone: string, otp: string, hash: string): Promise<Verification> {
  const { data } = await on.graphql<{ verifyPhoneCode: Verification }>(verifyCode, { phone, otp, hash });
  return data!.verifyPhoneCode;
}

async function registerNumber(on: TestShop, input: Record<string, string>) {
  const { data } = await on.graphql<{ registerWithPhone: Omit<Verification, 'newAccount'> }>(register, { input });
  return data!.registerWithPhone;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

it('a new number gets a texted code, is asked only for a name, and the account it makes signs in by phone', async () => {
  const { typed, e164 } = newNumber();
  const asked = await askCode(shop, typed);
  expect(asked).toEqual({ hash: expect.any(String), resendSeconds: 60, errors: [] });
  const [text] = await textsTo(shop, e164);
  expect(text).toMatch(
    new RegExp(`^To: \\${e164}\\n\\nManukato: your sign-in code is \\d{6}\\. It expires in 5 minutes\\.`),
  );
  const code = await lastCode(shop, e164);

  expect((await verify(shop, typed, wrong(code), asked.hash!)).errors).toEqual([
    { field: 'otp', code: 'INVALID_CODE', message: 'Invalid or expired code.' },
  ]);
  const verified = await verify(shop, typed, code, asked.hash!);
  expect(verified).toMatchObject({ newAccount: true, viewer: null, token: null, errors: [] });

  expect((await registerNumber(shop, { phone: typed, hash: asked.hash!, first: ' ', last: 'Otieno' })).errors).toEqual([
    { field: 'first', code: 'REQUIRED', message: 'Please fill in all fields' },
  ]);
  const registered = await registerNumber(shop, { phone: typed, hash: asked.hash!, first: 'Akinyi', last: 'Otieno' });
  expect(registered.errors).toEqual([]);
  expect(registered.viewer).toMatchObject({ first: 'Akinyi', last: 'Otieno', email: null, phone: e164, role: 'USER' });
  const me = await shop.http
    .post('/graphql')
    .set('authorization', `Bearer ${registered.token}`)
    .send({ query: '{ me { id phone email } }' })
    .expect(200);
  expect(me.body.data.me).toEqual({ id: registered.viewer!.id, phone: e164, email: null });

  // The proof made one account: used again, it makes none.
  expect(
    (await registerNumber(shop, { phone: typed, hash: asked.hash!, first: 'Other', last: 'Person' })).errors[0],
  ).toMatchObject({ field: 'phone', code: 'VERIFICATION_REQUIRED' });

  // Next time the number signs straight in, to the same account, with a code that works once.
  await shop.orm.em.fork().getConnection().execute('delete from rate_limits');
  const again = await askCode(shop, e164);
  const secondCode = await lastCode(shop, e164);
  const signedIn = await verify(shop, e164, secondCode, again.hash!);
  expect(signedIn).toMatchObject({ newAccount: false, errors: [], viewer: { id: registered.viewer!.id } });
  expect(signedIn.token).toEqual(expect.any(String));
  expect((await verify(shop, e164, secondCode, again.hash!)).errors[0]).toMatchObject({ code: 'CODE_EXPIRED' });
});

it('refuses what is not a Kenyan mobile number before texting anything, whatever its size', async () => {
  for (const phone of ['', '12345', '+255712345678', '0202345678', `07${'1'.repeat(100_000)}`]) {
    const answer = await askCode(shop, phone);
    expect(answer.hash).toBeNull();
    expect(answer.errors[0]).toMatchObject({ field: 'phone' });
    expect(answer.errors[0]!.message).toMatch(
      /^(Please fill in all fields|Please enter a valid Kenyan mobile number, e\.g\. \+254712345678)$/,
    );
  }
  const outbox = await fs.readdir(shop.config.mail.outboxDir).catch(() => [] as string[]);
  expect(outbox.filter((file) => file.includes('255712345678') || file.includes('202345678'))).toEqual([]);
});

it('a number without a verified code cannot make an account, and five wrong codes end the challenge', async () => {
  const { e164 } = newNumber();
  expect(
    (await registerNumber(shop, { phone: e164, hash: crypto.randomUUID(), first: 'A', last: 'B' })).errors[0],
  ).toMatchObject({
    field: 'phone',
    code: 'VERIFICATION_REQUIRED',
  });
  const asked = await askCode(shop, e164);
  const code = await lastCode(shop, e164);
  // Not verified yet: the hash alone is no proof.
  expect(
    (await registerNumber(shop, { phone: e164, hash: asked.hash!, first: 'A', last: 'B' })).errors[0],
  ).toMatchObject({
    code: 'VERIFICATION_REQUIRED',
  });
  const tries = [];
  for (let attempt = 0; attempt < 5; attempt += 1)
    tries.push((await verify(shop, e164, wrong(code), asked.hash!)).errors[0]!.code);
  expect(tries).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'CODE_LOCKED']);
  expect((await verify(shop, e164, code, asked.hash!)).errors[0]).toMatchObject({
    code: 'CODE_LOCKED',
    message: 'Too many wrong codes. Please request a new code.',
  });
});

describe('limits shared by every instance on one database', () => {
  let second: TestShop;
  beforeAll(async () => {
    second = await startTestShop({ seed: false, shareDatabaseOf: shop });
  });
  afterAll(() => second.close());

  it('a number gets one text a minute, asked on either instance; a resend replaces the last code', async () => {
    const { e164 } = newNumber();
    const first = await askCode(shop, e164);
    expect(first.errors).toEqual([]);
    const refused = await askCode(second, e164);
    expect(refused.hash).toBeNull();
    expect(refused.errors).toEqual([
      {
        field: '',
        code: 'RATE_LIMITED',
        message: 'Too many codes requested for this number. Please try again in 1 minute.',
      },
    ]);
    expect(await textsTo(second, e164)).toEqual([]);
    // The cooldown over (its row removed, as time would), the other instance texts a new code that replaces the first.
    await shop.orm.em.fork().getConnection().execute(`delete from rate_limits where key like 'code-phone-resend%'`);
    const resent = await askCode(second, e164);
    expect(resent.errors).toEqual([]);
    const firstCode = await lastCode(shop, e164);
    expect((await verify(second, e164, firstCode, first.hash!)).errors[0]).toMatchObject({ code: 'CODE_EXPIRED' });
    expect(await verify(shop, e164, await lastCode(second, e164), resent.hash!)).toMatchObject({
      newAccount: true,
      errors: [],
    });
  });

  it('one client gets ten texts in fifteen minutes across the instances, whatever the numbers', async () => {
    const answers = [];
    for (let index = 0; index < 12; index += 1)
      answers.push(await askCode(index % 2 ? second : shop, newNumber().e164));
    expect(answers.slice(0, 10).every((answer) => answer.hash !== null)).toBe(true);
    for (const answer of answers.slice(10)) {
      expect(answer.errors[0]).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^Too many text messages requested from this address\. Please try again in \d+ minutes\.$/,
        ),
      });
    }
  });
});

it('the hand-written migration matches the entities', async () => {
  const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
  expect(diff).not.toMatch(/"users"|"code_challenges"/);
});
