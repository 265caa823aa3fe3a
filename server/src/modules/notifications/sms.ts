import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';

export interface SmsSender {
  send(to: string, message: string): Promise<void>;
}

/**
 * SMS through Africa's Talking (the official package) when AT_API_KEY and AT_USERNAME are set; otherwise
 * each message is written to DATA_DIR/outbox as a .sms.txt file, like mail without SMTP.
 */
export function createSmsSender(config: AppConfig, log: Logger): SmsSender {
  const { apiKey, username, senderId } = config.africasTalking;
  if (apiKey && username) {
    return {
      async send(to, message) {
        const { default: africastalking } = await import('africastalking');
        await africastalking({ apiKey, username }).SMS.send({
          to: [to],
          message,
          ...(senderId ? { from: senderId } : {}),
        });
        log.info({ to }, 'sms sent');
      },
    };
  }
  return {
    async send(to, message) {
      await fs.mkdir(config.mail.outboxDir, { recursive: true });
      const file = path.join(
        config.mail.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/\D/g, '')}.sms.txt`,
      );
      await fs.writeFile(file, `To: ${to}\n\n${message}\n`);
      log.info({ to, file }, 'sms written to the outbox');
    },
  };
}
