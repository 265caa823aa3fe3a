import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import type { WhatsAppTemplate } from './whatsapp-templates';

/** One template message to one shopper. */
export interface WhatsAppMessage {
  /** E.164 (+2547…). */
  to: string;
  template: WhatsAppTemplate;
  /** Echoed in the status webhooks as biz_opaque_callback_data: our job id, so a report finds its job at once. */
  callbackData: string;
  /** The SMS that goes instead if WhatsApp cannot deliver this; the outbox file shows it too. */
  fallbackText: string;
}

export interface WhatsAppSender {
  /** The Cloud API's message id (null from the outbox) and the template language sent. */
  send(message: WhatsAppMessage): Promise<{ messageId: string | null; language: string }>;
}

/**
 * The Cloud API refused or could not be reached. `permanent`: sending again will not help (the recipient is not on
 * WhatsApp, the template is unknown, the token is refused), so the SMS goes now; otherwise the worker retries first.
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'WhatsAppSendError';
  }
}

/**
 * Meta's error codes that say "later" (its error-code reference): unknown or service errors, throughput and pair
 * rate limits, temporarily unavailable. Any other refusal is permanent.
 */
const transientCodes = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

const apiTimeoutMs = 15_000;

/** Meta's Graph error body: `{error: {message, type, code, error_subcode, error_data: {details}, fbtrace_id}}`. */
interface GraphError {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

function refusal(status: number, body: unknown): WhatsAppSendError {
  const error = (body as GraphError | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const words = [error?.message, error?.error_data?.details].filter((part) => typeof part === 'string').join(': ');
  const permanent = status !== 429 && status < 500 && (code === undefined || !transientCodes.has(code));
  return new WhatsAppSendError(
    `WhatsApp answered ${status}${code === undefined ? '' : ` (code ${code})`}: ${words.slice(0, 300) || 'no message'}`,
    permanent,
    code,
  );
}

/**
 * Template messages through the WhatsApp Business Cloud API (POST {WHATSAPP_API_URL}/{phone-number id}/messages with
 * the token as Bearer) when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set; otherwise each message is written to
 * DATA_DIR/outbox as a .whatsapp.txt file, as SMS and mail are without their providers.
 */
export function createWhatsAppSender(config: AppConfig, log: Logger): WhatsAppSender {
  const { token, phoneNumberId, apiUrl, templateLanguage: language } = config.whatsapp;
  if (token && phoneNumberId) {
    const endpoint = `${apiUrl}/${phoneNumberId}/messages`;
    return {
      async send(message) {
        let response: Response;
        try {
          response = await fetch(endpoint, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              messaging_product: 'whatsapp',
              recipient_type: 'individual',
              to: message.to.replace(/\D/g, ''),
              type: 'template',
              template: {
                name: message.template.name,
                language: { code: language },
                components: [
                  {
                    type: 'body',
                    parameters: message.template.parameters.map((text) => ({ type: 'text', text })),
                  },
                ],
              },
              biz_opaque_callback_data: message.callbackData,
            }),
            signal: AbortSignal.timeout(apiTimeoutMs),
          });
        } catch (error) {
          const cause = error instanceof Error ? error.message : String(error);
          throw new WhatsAppSendError(`WhatsApp could not be reached: ${cause.slice(0, 200)}`, false);
        }
        const body: unknown = await response.json().catch(() => null);
        if (!response.ok) throw refusal(response.status, body);
        const messageId = (body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
        if (typeof messageId !== 'string' || messageId.length === 0 || messageId.length > 200) {
          throw new WhatsAppSendError('WhatsApp answered without a message id', false);
        }
        log.info({ to: message.to, template: message.template.name }, 'whatsapp message sent');
        return { messageId, language };
      },
    };
  }
  return {
    async send(message) {
      await fs.mkdir(config.mail.outboxDir, { recursive: true });
      const file = path.join(
        config.mail.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/\D/g, '')}.whatsapp.txt`,
      );
      const parameters = message.template.parameters.map((text, index) => `{{${index + 1}}} ${text}`).join('\n');
      await fs.writeFile(
        file,
        `To: ${message.to}\nTemplate: ${message.template.name} (${language})\n${parameters}\n\n` +
          `SMS if WhatsApp fails:\n${message.fallbackText}\n`,
      );
      log.info({ to: message.to, file }, 'whatsapp message written to the outbox');
      return { messageId: null, language };
    },
  };
}

/** X-Hub-Signature-256 as Meta sends it: `sha256=` and the HMAC-SHA256 of the raw body with the app secret. */
export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Compared in constant time; anything but `sha256=` and 64 hex digits is refused before comparing. */
export function isValidWhatsAppSignature(appSecret: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody).slice('sha256='.length), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.slice('sha256='.length), 'hex'));
}
