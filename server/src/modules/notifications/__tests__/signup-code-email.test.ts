import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';

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

it('sends the sign-up code as HTML in the shop look and as plain text with the same facts', async () => {
  const email = 'achieng@example.co.ke';
  await shop.http.post('/api/email/otp-login').send({ email }).expect(200);
  const mail = await smtp.parsedLastTo(email);
  expect(mail.subject).toBe('Your Manukato verification code');
  const code = /verification code is (\d{6})\./.exec(mail.text ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.text).toContain('It expires in 5 minutes');
  expect(mail.text).toContain('support@manukato.co.ke');
  expect(mail.text).not.toContain('<');
  const html = typeof mail.html === 'string' ? mail.html : '';
  expect(html).toContain('<html');
  expect(html).toContain(`Your Manukato verification code is ${code}.`);
  expect(html).toContain('Manukato</a>');
  expect(html).toContain('color:#6d4433');
  expect(html).toContain('href="https://shop.example"');
});
