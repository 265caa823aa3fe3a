// A real SMTP server on loopback that keeps every message the shop sends during an e2e run, and a tiny HTTP
// endpoint (also on loopback) that hands them to the tests as JSON. The runner starts both, gives the server
// SMTP_URL and the tests E2E_MAIL_URL; tests read codes and links with `waitForMail`.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

/** Headers end at the first empty line; a line starting with white space continues the one before. */
function splitMessage(raw) {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Quoted-printable (RFC 2045 §6.7): "=XX" is a byte, "=" at a line's end is a soft break. Bytes are UTF-8. */
export function decodeQuotedPrintable(text) {
  const unfolded = text.replace(/[ \t]*=\r?\n/g, '');
  const bytes = [];
  for (let index = 0; index < unfolded.length; index += 1) {
    const hex = unfolded.slice(index + 1, index + 3);
    if (unfolded[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body, transferEncoding = '') {
  const encoding = transferEncoding.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words in headers (=?utf-8?Q?…?= and =?utf-8?B?…?=), as a non-ASCII subject arrives. */
function decodeHeader(value = '') {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_match, kind, encoded) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(encoded, 'base64').toString('utf8')
        : decodeQuotedPrintable(encoded.replace(/_/g, ' ')),
    );
}

/** The readable text of a message: the body itself, or the first text/plain part of a multipart one. */
function textOf(raw) {
  const { headers, body } = splitMessage(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = textOf(part.replace(/^\r?\n/, ''));
      if (text !== null) return text;
    }
    return null;
  }
  if (!/^text\/plain/i.test(contentType)) return null;
  return decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
}

/** Parses one received message into what a test needs. Exported for a unit check of the decoding. */
export function parseMail(raw, envelopeTo = []) {
  const { headers } = splitMessage(raw);
  return {
    to: envelopeTo.map((address) => address.toLowerCase()),
    from: decodeHeader(headers.from),
    subject: decodeHeader(headers.subject),
    text: textOf(raw) ?? '',
    raw,
  };
}

/**
 * Starts the SMTP sink and its JSON endpoint, both on 127.0.0.1 and free ports.
 * GET {mailUrl}/messages[?to=address][&since=id] answers every kept message (oldest first) with an id
 * greater than `since`, addressed to `to`.
 */
export async function startSmtpSink() {
  const messages = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        messages.push({ id: nextId++, receivedAt: new Date().toISOString(), ...parseMail(raw, recipients) });
        callback();
      });
    },
  });
  smtp.on('error', (error) => console.error(`e2e: smtp sink: ${error.message}`));
  await new Promise((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, '127.0.0.1', resolve);
  });

  const api = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const since = Number(url.searchParams.get('since') ?? 0);
    const selected = messages.filter((mail) => mail.id > since && (!to || mail.to.includes(to)));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(selected));
  });
  await new Promise((resolve, reject) => {
    api.once('error', reject);
    api.listen(0, '127.0.0.1', resolve);
  });

  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    mailUrl: `http://127.0.0.1:${api.address().port}`,
    messages,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(() => resolve())),
        new Promise((resolve) => {
          api.closeAllConnections();
          api.close(() => resolve());
        }),
      ]),
  };
}

// ---- For the tests: read the sink through E2E_MAIL_URL. ----

function mailUrl() {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error('E2E_MAIL_URL is not set: run the e2e tests through `npm run test:e2e`.');
  return url.replace(/\/$/, '');
}

/** Every message to `to` so far (oldest first), with an id greater than `since`. */
export async function mailTo(to, { since = 0 } = {}) {
  const query = new URLSearchParams({ to, since: String(since) });
  const response = await fetch(`${mailUrl()}/messages?${query}`);
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
  return response.json();
}

/** The id of the newest message to `to` (0 for none): pass it as `since` to wait for the next one. */
export async function lastMailId(to) {
  const mail = await mailTo(to);
  return mail.at(-1)?.id ?? 0;
}

/**
 * The newest message to `to` whose subject matches `subject` (a RegExp or a substring) and whose id is
 * greater than `since`, polling until it arrives or `timeoutMs` passes.
 */
export async function waitForMail(to, { subject, since = 0, timeoutMs = 10_000 } = {}) {
  const matches = (mail) =>
    subject === undefined || (subject instanceof RegExp ? subject.test(mail.subject) : mail.subject.includes(subject));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(to, { since })).filter(matches).at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${to}${subject ? ` with subject ${subject}` : ''} within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
