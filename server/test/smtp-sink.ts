import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Mail bodies arrive quoted-printable ("=" as "=3D", soft line breaks): read them as a mail client would. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives: tests read codes and links from it. */
export async function startSmtpSink(
  options: { failing?: boolean; /** before each message is accepted */ delayMs?: number } = {},
) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  /** Messages whose data has arrived and that are not answered yet (a slow sink holds them for `delayMs`). */
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (options.failing) {
          callback(new Error('mailbox unavailable'));
          return;
        }
        receiving += 1;
        setTimeout(() => {
          receiving -= 1;
          received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  /** The latest raw message to `address`, waiting for it to arrive. */
  async function lastRawTo(address: string, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...received].reverse().find((mail) => mail.to.includes(address));
      if (found) return found.raw;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** True while a message is held unanswered: its sender is mid-send. */
    get receiving(): boolean {
      return receiving > 0;
    },
    /** The latest message to `address`, waiting for it to arrive (the limit only names a hang: decision 0082). */
    async lastTo(address: string, timeoutMs = 60_000): Promise<string> {
      return decodeQuotedPrintable(await lastRawTo(address, timeoutMs));
    },
    /** The latest message to `address` read by mailparser, as a mail client would: subject, text and html parts. */
    async parsedLastTo(address: string, timeoutMs = 60_000): Promise<ParsedMail> {
      return simpleParser(await lastRawTo(address, timeoutMs));
    },
    /** Every message to `address` received so far, parsed. */
    allTo(address: string): Promise<ParsedMail[]> {
      return Promise.all(received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
