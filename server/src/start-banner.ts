import type { AppConfig } from './config/config';
import { formatKsh } from './shared/money';

/**
 * What a developer needs once the shop is up: where it is, how to get into the admin area, and where the
 * shop's mail and SMS go. Names only, never a password or key, except the payment stand-in's in test mode.
 */
export function startBanner(
  url: string,
  config: Pick<
    AppConfig,
    'publicUrl' | 'adminEmail' | 'adminPassword' | 'mail' | 'africasTalking' | 'whatsapp' | 'payOnDeliveryMaxCents'
  >,
  /** The payment stand-in's key in test mode: not a secret (no money moves), and outside clients need it. */
  paystackSimulatorKey?: string,
): string {
  const site = config.publicUrl;
  const admin = config.adminPassword
    ? `Admin:  sign in at ${site}/login as ${config.adminEmail} with ADMIN_PASSWORD; the admin area is ${site}/oxalis`
    : `Admin:  ${config.adminEmail} (ADMIN_PASSWORD is unset): register that e-mail at ${site}/register, or reset ` +
      `its password at ${site}/forgot-password, or set ADMIN_PASSWORD and restart; then ${site}/oxalis`;
  const mail = config.mail.smtpUrl
    ? `Mail:   SMTP server ${smtpHost(config.mail.smtpUrl)}`
    : `Mail:   no SMTP_URL, written as .eml files to ${config.mail.outboxDir}`;
  const { apiKey, username, senderId } = config.africasTalking;
  const sms =
    apiKey && username
      ? `SMS:    Africa's Talking (username ${username}, ` +
        `${senderId ? `sender id ${senderId}` : "no AT_SENDER_ID: Africa's Talking's shared short code"})`
      : `SMS:    no AT_API_KEY/AT_USERNAME, written as .sms.txt files to ${config.mail.outboxDir}`;
  const { token, phoneNumberId, apiUrl, templateLanguage, verifyToken } = config.whatsapp;
  const whatsapp =
    token && phoneNumberId
      ? `WhatsApp: Cloud API at ${apiUrl} (phone-number id ${phoneNumberId}, templates in ${templateLanguage}); ` +
        `delivery reports to ${site}/api/whatsapp/webhook` +
        (verifyToken ? '' : ' (no WHATSAPP_VERIFY_TOKEN: Meta cannot subscribe it)')
      : `WhatsApp: no WHATSAPP_TOKEN/WHATSAPP_PHONE_NUMBER_ID, written as .whatsapp.txt files to ${config.mail.outboxDir}`;
  const payments = paystackSimulatorKey
    ? [
        `Pay:    test mode, the Paystack stand-in at ${url}/paystack-simulator (secret key ${paystackSimulatorKey}); ` +
          `M-Pesa prompts at ${site}/paystack-simulator/phone`,
      ]
    : [];
  const onDelivery =
    `Pay on delivery: the sample Nairobi locations start with it up to ${formatKsh(config.payOnDeliveryMaxCents)} ` +
    `(PAY_ON_DELIVERY_MAX_KES); change it per location at ${site}/oxalis/delivery`;
  return [`Manukato is ready at ${url}`, admin, mail, sms, whatsapp, onDelivery, ...payments].join('\n');
}

/** host:port of an smtp:// URL, without its credentials. */
function smtpHost(smtpUrl: string): string {
  try {
    const parsed = new URL(smtpUrl);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return '(unparsable SMTP_URL)';
  }
}
