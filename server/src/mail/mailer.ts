import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { isValidEmail } from '../config/email-address';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative rendered from the same template as `text` (decision 0057). */
  html?: string | null;
  headers?: Record<string, string> | null;
}

/**
 * A recipient that is not exactly one address of the shop's grammar (decision 0066). nodemailer would find an
 * address in `x <a@b.co>`, `a(c)@b.co` or a list and deliver to that, so a limit counted for the text would not
 * be counted for the mailbox: such a message is refused, never rewritten, and sending it again cannot help.
 */
export class UndeliverableAddressError extends Error {
  constructor(recipient: string) {
    super(`Refused to send to ${JSON.stringify(recipient.slice(0, 300))}: not one plain e-mail address`);
    this.name = 'UndeliverableAddressError';
  }
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail through nodemailer: to SMTP_URL when set; otherwise each message is written as an .eml file
 * under DATA_DIR/outbox, so a fresh machine still shows what would have been sent. Every message carries
 * Reply-To: MAIL_REPLY_TO (set here, so no template can forget it): the mail comes from no-reply, and several
 * messages ask the shopper to reply.
 */
export function createMailer(config: AppConfig, log: Logger): Mailer {
  const { smtpUrl, from, replyTo, outboxDir } = config.mail;
  const transport: Transporter = smtpUrl
    ? // Time limits well inside a notification's lease (notificationLeaseMs), instead of nodemailer's 2 and 10 minutes.
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      // Every address entry checks the grammar already; this is the last line, for anything that slipped past.
      if (!isValidEmail(message.to)) throw new UndeliverableAddressError(message.to);
      const { html, headers, ...plain } = message;
      const info = await transport.sendMail({
        from,
        replyTo,
        ...plain,
        ...(html ? { html } : {}),
        ...(headers ? { headers } : {}),
      });
      if (smtpUrl) {
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      // The file holds the message; the log names it without its content (codes and links stay out of logs).
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}
