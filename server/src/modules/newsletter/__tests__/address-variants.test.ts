import emailCases from '../../../../../test-support/email-address-cases.json';
import { newsletterEmailRateLimit } from '../newsletter.service';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { deliverQueuedMessages } from '../../../../test/deliver';

/**
 * Issue 23 finding 3: the e-mail check accepted `target(0)@example.com`, `x<target@example.com>` and the like; each
 * counted against its own per-address limit and nodemailer delivered every one to target@example.com, so one
 * mailbox got a confirmation per variant against a limit of 3 an hour. Each sign-up here comes from its own client
 * address (a proxy in front, X-Forwarded-For), as an attacker with a few addresses would send them.
 */
const target = 'target@example.com';

let shop: TestShop;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await startTestShop({ seed: false, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const subscribe =
  'mutation ($email: String!) { subscribeToNewsletter(email: $email) { subscribed errors { field code message } } }';

async function subscribeFrom(client: number, email: string) {
  const response = await shop.http
    .post('/graphql')
    .set('x-forwarded-for', `198.51.100.${client}`)
    .send({ query: subscribe, variables: { email } })
    .expect(200);
  return (
    response.body as {
      data: { subscribeToNewsletter: { subscribed: boolean; errors: { field: string; message: string }[] } };
    }
  ).data.subscribeToNewsletter;
}

it('13 spellings of one mailbox are each refused with the field error, and it gets at most the limit', async () => {
  expect(emailCases.variantsOfTarget).toHaveLength(13);
  const answers = [];
  for (const [index, variant] of emailCases.variantsOfTarget.entries()) {
    answers.push({ variant, answer: await subscribeFrom(index + 1, variant) });
  }
  // Then the address itself, more often than its limit allows.
  for (let attempt = 0; attempt < newsletterEmailRateLimit.limit + 2; attempt += 1) {
    await subscribeFrom(100 + attempt, target);
  }
  await deliverQueuedMessages(shop, smtp);

  const confirmations = smtp.received.filter((mail) => mail.to.includes(target));
  expect(confirmations.length).toBeLessThanOrEqual(newsletterEmailRateLimit.limit);
  expect(confirmations).toHaveLength(newsletterEmailRateLimit.limit);
  expect(answers).toEqual(
    emailCases.variantsOfTarget.map((variant) => ({
      variant,
      answer: {
        subscribed: false,
        errors: [{ field: 'email', code: 'INVALID_EMAIL', message: 'Please enter a valid email address' }],
      },
    })),
  );
  // Nothing was stored for any of them, not even a pending row.
  const rows = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ email: string }[]>('select email from newsletter_subscriptions');
  expect(rows.map((row) => row.email)).toEqual([target]);
});
