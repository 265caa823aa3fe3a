import pino from 'pino';
import { createMailer } from '../src/mail/mailer';
import { deliverDueNotifications } from '../src/modules/notifications/notifications.service';
import { createSmsSender } from '../src/modules/notifications/sms';
import { createWhatsAppSender } from '../src/modules/notifications/whatsapp';
import type { SmtpSink } from './smtp-sink';
import type { TestShop } from './test-shop';

const log = pino({ level: 'silent' });

/** Sends what the shop's outbox holds, as its notification worker does: e-mail to `smtp`, SMS to the outbox files. */
export function deliverQueuedMessages(shop: TestShop, smtp: SmtpSink): Promise<number> {
  const config = { ...shop.config, mail: { ...shop.config.mail, smtpUrl: smtp.url } };
  return deliverDueNotifications(shop.orm.em.fork(), {
    mailer: createMailer(config, log),
    sms: createSmsSender(shop.config, log),
    whatsapp: createWhatsAppSender(shop.config, log),
    log,
  });
}
