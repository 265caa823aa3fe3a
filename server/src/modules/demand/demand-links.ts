import type { AppConfig } from '../../config/config';
import { hmac, safeEqual } from '../../shared/secrets';

/** What a stop link stops: the sizes an address waits for, or an account's cart reminders. */
export type StopKind = 'back-in-stock' | 'cart-reminders';

type Signing = Pick<AppConfig, 'secretKey'>;
type Linking = Pick<AppConfig, 'publicUrl' | 'secretKey'>;

function secretKey(config: Signing): string {
  if (!config.secretKey) throw new Error('SECRET_KEY was not resolved at start');
  return config.secretKey;
}

/** 22 characters of HMAC-SHA256 (132 bits): unguessable, and short enough for a link in a one-segment SMS. */
const macLength = 22;

/**
 * A stop link's token: the id it names (a request's number, or an account's uuid in 22 characters) and an HMAC of it
 * with the shared secret, so it cannot be guessed or made for another id, any instance can check it, and nothing
 * is stored.
 */
export function stopToken(config: Signing, kind: StopKind, id: number | string): string {
  const shown = kind === 'cart-reminders' ? Buffer.from(String(id).replace(/-/g, ''), 'hex').toString('base64url') : id;
  return `${shown}.${hmac(secretKey(config), `${kind}-stop:${shown}`).slice(0, macLength)}`;
}

/** The id a token names (a request's number, or an account's uuid), or undefined when it is not one of ours. */
export function stopTokenId(config: Signing, kind: StopKind, token: unknown): string | undefined {
  if (typeof token !== 'string' || token.length > 100) return undefined;
  const match = /^([\w-]{1,22})\.[\w-]+$/.exec(token);
  if (!match) return undefined;
  const shown = match[1]!;
  if (!safeEqual(token, `${shown}.${hmac(secretKey(config), `${kind}-stop:${shown}`).slice(0, macLength)}`)) {
    return undefined;
  }
  if (kind === 'back-in-stock') return /^\d{1,10}$/.test(shown) ? shown : undefined;
  const hex = Buffer.from(shown, 'base64url').toString('hex');
  return hex.length === 32
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : undefined;
}

/** RFC 8058's one-click unsubscribe for mail clients: a POST to the API, sent without showing a page. */
function oneClickHeaders(config: Linking, kind: StopKind, token: string) {
  const oneClickUrl = `${config.publicUrl}/api/${kind}/stop?token=${encodeURIComponent(token)}`;
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * A back-in-stock e-mail's stop links: the page a person lands on from the visible link (it asks before acting, so
 * a scanner following links stops nothing) and the one-click header.
 */
export function backInStockStopLinks(config: Linking, requestId: number) {
  const token = stopToken(config, 'back-in-stock', requestId);
  return {
    pageUrl: `${config.publicUrl}/back-in-stock/stop?token=${encodeURIComponent(token)}`,
    headers: oneClickHeaders(config, 'back-in-stock', token),
  };
}

/**
 * A cart reminder's links: the cart itself, which with `stop` offers to turn reminders off (one link fits an SMS),
 * and the one-click header for the e-mail.
 */
export function cartReminderLinks(config: Linking, userId: string) {
  const token = stopToken(config, 'cart-reminders', userId);
  return {
    cartUrl: `${config.publicUrl}/cart`,
    stopUrl: `${config.publicUrl}/cart?stop=${encodeURIComponent(token)}`,
    headers: oneClickHeaders(config, 'cart-reminders', token),
  };
}
