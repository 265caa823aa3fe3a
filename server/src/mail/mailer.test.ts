import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config/config';
import { createMailer } from './mailer';

it('writes each message as an .eml file in DATA_DIR/outbox without SMTP_URL, and logs no content', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-outbox-'));
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log);
  await mailer.send({ to: 'wanjiku@example.co.ke', subject: 'Your code', text: 'Your code is 424242.' });
  const [file = ''] = await fs.readdir(path.join(dataDir, 'outbox'));
  expect(file).toMatch(/\.eml$/);
  const message = await fs.readFile(path.join(dataDir, 'outbox', file), 'utf8');
  expect(message).toContain('To: wanjiku@example.co.ke');
  expect(message).toContain('Your code is 424242.');
  expect(lines.join('')).toContain('mail written to the outbox');
  expect(lines.join('')).not.toContain('424242');
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('sends the HTML part and extra headers when a message has them', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-outbox-'));
  const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), pino({ level: 'silent' }));
  await mailer.send({
    to: 'wanjiku@example.co.ke',
    subject: 'News',
    text: 'Plain words.',
    html: '<p>Rich words.</p>',
    headers: { 'List-Unsubscribe': '<https://shop.example/unsubscribe?token=abc>' },
  });
  const [file = ''] = await fs.readdir(path.join(dataDir, 'outbox'));
  const message = await fs.readFile(path.join(dataDir, 'outbox', file), 'utf8');
  expect(message).toContain('multipart/alternative');
  expect(message).toContain('Plain words.');
  expect(message).toContain('<p>Rich words.</p>');
  expect(message).toContain('List-Unsubscribe: <https://shop.example/unsubscribe?token=abc>');
  await fs.rm(dataDir, { recursive: true, force: true });
});
