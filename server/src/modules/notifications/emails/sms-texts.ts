import { SegmentedMessage } from 'sms-segments-calculator';
// The calculator's own tables (its package has no exports map): GSM-7 by UTF-16 code unit, and smart encoding.
import smartEncodingMap from 'sms-segments-calculator/dist/libs/SmartEncodingMap';
import unicodeToGsm from 'sms-segments-calculator/dist/libs/UnicodeToGSM';
import { formatKsh } from '../../../shared/money';
import type { OrderFacts } from './order-facts';
import type { LatePaymentCause } from './payment-after-cancel-email';

/**
 * The order SMS: one GSM-7 segment (160 characters) with realistic data, so each costs one message and arrives
 * whole. Only GSM-7 characters (no typographic quotes or dashes); sms-texts.test.ts checks both.
 */
export const orderSms = {
  confirmed: (order: OrderFacts) =>
    `Manukato: payment of ${formatKsh(order.totalCents)} received for order ${order.orderNumber}. ` +
    `Track it: ${order.trackingUrl}`,
  placedOnDelivery: (order: OrderFacts) =>
    `Manukato: we have order ${order.orderNumber}. Pay ${formatKsh(order.totalCents)} at the door by M-Pesa ` +
    `or cash. Track: ${order.trackingUrl}`,
  packed: (order: OrderFacts) =>
    `Manukato: order ${order.orderNumber} is packed and will be on its way soon. Track: ${order.trackingUrl}`,
  outForDelivery: (order: OrderFacts, carrier: CarrierFacts) =>
    `Manukato: order ${order.orderNumber} is on its way with ` +
    (carrier.courierName
      ? `${smsLine(carrier.courierName, 20)}, no. ${smsLine(carrier.trackingNumber ?? '', 20)}.`
      : `${smsLine(carrier.riderName ?? '', 16)}, ${carrier.riderPhone ?? ''}.`) +
    ` Track: ${order.trackingUrl}`,
  deliveryFailed: (order: OrderFacts, nextAttemptDay: string) =>
    `Manukato: we could not deliver order ${order.orderNumber}. We will try again on ${nextAttemptDay}. ` +
    `Track: ${order.trackingUrl}`,
  delivered: (order: OrderFacts) =>
    `Manukato: order ${order.orderNumber} has been delivered. Enjoy! Questions? Call us. ${order.trackingUrl}`,
  cancelled: (order: OrderFacts, paid: boolean) =>
    `Manukato: order ${order.orderNumber} has been cancelled. ` +
    (paid ? 'Your payment will be refunded; we will tell you when it is sent.' : 'You have not been charged.'),
  paidAfterCancel: (order: OrderFacts, amountCents: number, cause: LatePaymentCause) =>
    `Manukato: your payment of ${formatKsh(amountCents)} for order ${order.orderNumber} came after it ` +
    `${cause === 'cancelled' ? 'was cancelled' : 'sold out'}. It will be refunded; we will SMS you when it is sent.`,
  refunded: (order: OrderFacts, amountCents: number) =>
    `Manukato: ${formatKsh(amountCents)} refunded for order ${order.orderNumber}. It can take 5-7 business days to show.`,
};

/** Who carries an order out for delivery, as the messages name them. */
export interface CarrierFacts {
  riderName: string | null;
  riderPhone: string | null;
  courierName: string | null;
  trackingNumber: string | null;
}

/** The owner's invitation to the team by phone (decision 0102): one GSM-7 segment, like the order SMS. */
export const teamSms = {
  invited: (roleName: string, publicUrl: string) =>
    `Manukato: you have been added to the shop team as ${roleName}. Sign in with this number at ` +
    `${publicUrl}/phone-sign-in to open the admin area.`,
};

/**
 * The length of a text in GSM-7 septets (extension-table characters such as € count twice), or null when it needs
 * UCS-2 (then a segment holds only 70). Counted by Twilio's segment calculator rather than our own copy of the
 * GSM 03.38 tables.
 */
export function gsmLength(text: string): number | null {
  const message = new SegmentedMessage(text, 'auto');
  return message.encodingName === 'GSM-7' ? message.messageSize / 7 : null;
}

/** Septets of `text` in GSM-7 (the calculator's own table: extension characters count two), or null. */
function gsmSeptets(text: string): number | null {
  let septets = 0;
  for (let index = 0; index < text.length; index += 1) {
    const units = unicodeToGsm[text.charCodeAt(index)];
    if (!units) return null;
    septets += units.length;
  }
  return septets;
}

/**
 * One character of a shopper's text as GSM-7: ' ' for a control character or any space or line break, nothing for
 * an invisible format character (a right-to-left override, a zero-width joiner) or a combining accent, typographic
 * quotes and dashes as Twilio's smart encoding writes them (the calculator's copy of its map), the letter without
 * its accents where GSM-7 lacks it (ū → u), else '?'.
 */
function gsmForm(character: string): string {
  if (/^[\p{Cc}\p{Z}]$/u.test(character)) return ' ';
  if (/^[\p{Cf}\p{M}]$/u.test(character)) return '';
  const smart = smartEncodingMap[character] ?? character;
  if (gsmSeptets(smart) !== null) return smart;
  const plain = character.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain && gsmSeptets(plain) !== null ? plain : '?';
}

/**
 * Free text a shopper typed (a name), fit for an SMS: one line (control characters, spaces, line and paragraph
 * separators collapse to one space), trimmed, in GSM-7 (see gsmForm; a run of characters it cannot show is one
 * '?'), at most `maxSeptets` long and cut between characters. Whatever was typed, the message keeps its lines and
 * its one segment. Linear in the text (no grapheme segmenter: Node's is quadratic on long input).
 */
export function smsLine(text: string, maxSeptets: number): string {
  let line = '';
  let septets = 0;
  // Composed first, so that e + a combining acute is é (in GSM-7) rather than e with its accent dropped.
  for (const character of text.normalize('NFC')) {
    const form = gsmForm(character);
    if (form === '' || (form === ' ' && (line === '' || line.endsWith(' '))) || (form === '?' && line.endsWith('?')))
      continue;
    const length = gsmSeptets(form) ?? maxSeptets + 1;
    if (septets + length > maxSeptets) break;
    line += form;
    septets += length;
  }
  return line.trimEnd();
}
