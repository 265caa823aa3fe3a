import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';

let shop: TestShop;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink({ failing: true });
  shop = await startTestShop({ seed: false, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

it("says the spec's message when the code cannot be sent", async () => {
  const response = await shop.http.post('/api/email/otp-login').send({ email: 'someone@example.co.ke' });
  expect(response.status).toBe(500);
  expect(response.body).toMatchObject({
    success: false,
    message: 'Failed to send verification code. Please try again.',
  });
});
