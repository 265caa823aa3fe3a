import { formatKsh } from '../../shared/money';
import { smsLine } from '../notifications/emails/sms-texts';

const smsLength = 160;

/**
 * The back-in-stock SMS in one GSM-7 segment: the product and size (cut to fit, never the price or the link) and
 * where to buy it. The size's "·" is not GSM-7: a comma here.
 */
export function backInStockSms(productName: string, size: string, priceCents: number, productUrl: string): string {
  const tail = ` is back at Manukato, ${formatKsh(priceCents)}: ${productUrl}`;
  const name = smsLine(size ? `${productName}, ${size.replace(/ · /g, ', ')}` : productName, smsLength - tail.length);
  return `${name}${tail}`;
}

/**
 * The cart reminder SMS (an account with a phone and no e-mail): how many items and their total at today's prices,
 * and one link: the cart, which also offers to stop reminders (two links would not fit one segment).
 */
export function cartReminderSms(items: number, subtotalCents: number, cartUrl: string): string {
  const what = `${items} ${items === 1 ? 'item' : 'items'}, ${formatKsh(subtotalCents)}`;
  const full = `Manukato: your cart (${what}) is waiting. Open it, or stop reminders: ${cartUrl}`;
  return full.length <= smsLength ? full : `Manukato: your cart is waiting: ${cartUrl}`;
}
