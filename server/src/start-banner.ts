import type { AppConfig } from './config/config';

/**
 * What a developer needs once the shop is up: where it is, how to get into the admin area, and where the
 * shop's mail and SMS go. Names only, never a password or key, except the payment stand-in's in test mode.
 */
export function startBanner(
  url: string,
  config: Pick<AppConfig, 'publicUrl' | 'adminEmail' | 'adminPassword' | 'mail' | 'africasTalking'>,
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
  const { apiKey, username } = config.africasTalking;
  const sms =
    apiKey && username
      ? `SMS:    Africa's Talking (username ${username})`
      : `SMS:    no AT_API_KEY/AT_USERNAME, written as .sms.txt files to ${config.mail.outboxDir}`;
  const payments = paystackSimulatorKey
    ? [
        `Pay:    test mode, the Paystack stand-in at ${url}/paystack-simulator (secret key ${paystackSimulatorKey}); ` +
          `M-Pesa prompts at ${site}/paystack-simulator/phone`,
      ]
    : [];
  return [`Manukato is ready at ${url}`, admin, mail, sms, ...payments].join('\n');
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
