import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { domainToUnicode } from 'node:url';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import emailCases from '../../../test-support/email-address-cases.json';
import { loadConfig } from '../config/config';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createMailer, UndeliverableAddressError, type Mailer, type MailMessage } from './mailer';

/** Sends one message without SMTP_URL and returns the .eml file it became, with what was logged. */
async function throughOutbox(message: MailMessage): Promise<{ file: string; eml: string; logged: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-outbox-'));
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  await createMailer(loadConfig({ DATA_DIR: dataDir }), log).send(message);
  const [file = ''] = await fs.readdir(path.join(dataDir, 'outbox'));
  const eml = await fs.readFile(path.join(dataDir, 'outbox', file), 'utf8');
  await fs.rm(dataDir, { recursive: true, force: true });
  return { file, eml, logged: lines.join('') };
}

it('writes each message as an .eml file in DATA_DIR/outbox without SMTP_URL, and logs no content', async () => {
  const { file, eml, logged } = await throughOutbox({
    to: 'wanjiku@example.co.ke',
    subject: 'Your code',
    text: 'Your code is 424242.',
  });
  expect(file).toMatch(/\.eml$/);
  expect(eml).toContain('To: wanjiku@example.co.ke');
  expect(eml).toContain('Your code is 424242.');
  expect(logged).toContain('mail written to the outbox');
  expect(logged).not.toContain('424242');
});

it('sends the HTML part and extra headers when a message has them', async () => {
  const { eml } = await throughOutbox({
    to: 'wanjiku@example.co.ke',
    subject: 'News',
    text: 'Plain words.',
    html: '<p>Rich words.</p>',
    headers: { 'List-Unsubscribe': '<https://shop.example/unsubscribe?token=abc>' },
  });
  expect(eml).toContain('multipart/alternative');
  expect(eml).toContain('Plain words.');
  expect(eml).toContain('<p>Rich words.</p>');
  expect(eml).toContain('List-Unsubscribe: <https://shop.example/unsubscribe?token=abc>');
});

describe('Reply-To', () => {
  it('is MAIL_REPLY_TO on every message, the shop’s support address unless set', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-outbox-'));
    try {
      const log = pino({ level: 'silent' });
      await createMailer(loadConfig({ DATA_DIR: dataDir }), log).send({
        to: 'wanjiku@example.co.ke',
        subject: 'Delivered',
        text: 'Reply to this e-mail.',
      });
      await createMailer(loadConfig({ DATA_DIR: dataDir, MAIL_REPLY_TO: 'Care@Example.co.ke' }), log).send({
        to: 'wanjiku@example.co.ke',
        subject: 'Cancelled',
        text: 'Reply to this e-mail.',
      });
      const outbox = path.join(dataDir, 'outbox');
      const files = (await fs.readdir(outbox)).sort();
      const parsed = await Promise.all(
        files.map(async (file) => simpleParser(await fs.readFile(path.join(outbox, file)))),
      );
      const replyTo = Object.fromEntries(parsed.map((mail) => [mail.subject, mail.replyTo?.text]));
      expect(replyTo).toEqual({ Delivered: 'support@manukato.co.ke', Cancelled: 'care@example.co.ke' });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes one plain address, as every address setting does', () => {
    expect(() => loadConfig({ MAIL_REPLY_TO: 'Support <support@example.co.ke>' })).toThrow(
      /MAIL_REPLY_TO: must be one plain e-mail address/,
    );
  });
});

describe('recipients (decision 0066)', () => {
  let smtp: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    const config = loadConfig({});
    mailer = createMailer({ ...config, mail: { ...config.mail, smtpUrl: smtp.url } }, pino({ level: 'silent' }));
  });
  afterAll(() => smtp.close());
  beforeEach(() => smtp.received.splice(0));

  it('refuses, never rewrites, a recipient that is not exactly one plain address: nothing goes out', async () => {
    for (const to of [...emailCases.variantsOfTarget, ...emailCases.refused]) {
      await expect(mailer.send({ to, subject: 'Confirm', text: 'Confirm.' })).rejects.toBeInstanceOf(
        UndeliverableAddressError,
      );
    }
    expect(smtp.received).toEqual([]);
  });

  it('delivers an address of the grammar to exactly that address, special characters and all', async () => {
    // The sink (smtp-server) reads RFC 5321's 256-octet path as at most 253 for the address; the grammar allows 254.
    const deliverable = emailCases.accepted.filter((to) => to.length <= 253);
    for (const to of deliverable) await mailer.send({ to, subject: 'Hello', text: 'Hello.' });
    // The sink names a domain as Unicode, lower-cased (the same mailbox): the local part arrives as written.
    const asTheSinkNamesIt = (to: string) =>
      to.replace(/@(.+)$/, (_at, domain: string) => `@${domainToUnicode(domain)}`);
    expect(smtp.received.map((mail) => mail.to)).toEqual(deliverable.map((to) => [asTheSinkNamesIt(to)]));
  });
});
