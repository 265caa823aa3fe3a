import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type africastalking from 'africastalking';
import type { AppConfig } from '../../config/config';

type AfricasTalkingSms = ReturnType<typeof africastalking>['SMS'];

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
    // Loaded on the first message, not at start; one client for every message after.
    let sms: Promise<AfricasTalkingSms> | undefined;
    return {
      async send(to, message) {
        sms ??= import('africastalking')
          .then(({ default: africastalking }) => africastalking({ apiKey, username }).SMS)
          .catch((error: unknown) => {
            sms = undefined; // the next message tries again
            throw error;
          });
        const client = await sms;
        await client.send({
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

declare module '../../core/request-context' {
  interface RequestContext {
    /** Text messages that belong to the request (a sign-in code); order updates go through notification jobs. */
    sms: SmsSender;
  }
}
