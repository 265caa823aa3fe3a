import { SegmentedMessage } from 'sms-segments-calculator';
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
    `We will SMS you when it is delivered. Thank you!`,
  delivered: (order: OrderFacts) =>
    `Manukato: order ${order.orderNumber} has been delivered. Enjoy! Questions? Reply to our e-mail or call us.`,
  cancelled: (order: OrderFacts, paid: boolean) =>
    `Manukato: order ${order.orderNumber} has been cancelled. ` +
    (paid ? 'Your payment will be refunded; we will tell you when it is sent.' : 'You have not been charged.'),
  paidAfterCancel: (order: OrderFacts, amountCents: number, cause: LatePaymentCause) =>
    `Manukato: your payment of ${formatKsh(amountCents)} for order ${order.orderNumber} came after it ` +
    `${cause === 'cancelled' ? 'was cancelled' : 'sold out'}. It will be refunded; we will SMS you when it is sent.`,
  refunded: (order: OrderFacts, amountCents: number) =>
    `Manukato: ${formatKsh(amountCents)} refunded for order ${order.orderNumber}. It can take 5-7 business days to show.`,
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
