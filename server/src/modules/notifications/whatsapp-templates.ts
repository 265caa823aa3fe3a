import { formatKsh } from '../../shared/money';
import type { OrderFacts } from './emails/order-facts';
import type { LatePaymentCause } from './emails/payment-after-cancel-email';

/** A WhatsApp template message: an approved template's name and its body parameters ({{1}}, {{2}}…), in order. */
export interface WhatsAppTemplate {
  name: string;
  parameters: string[];
}

/**
 * The order-update templates as they must be created and approved in WhatsApp Manager (category Utility, in the
 * language WHATSAPP_TEMPLATE_LANGUAGE names): WhatsApp sends only approved templates to a shopper who has not
 * written first. Each says what its SMS says (emails/sms-texts.ts), with the same facts as parameters.
 */
export const whatsappTemplateBodies: Record<string, string> = {
  order_confirmed:
    'Manukato: payment of {{1}} received for order {{2}}. We will message you when it is delivered. Thank you!',
  order_placed_pay_on_delivery:
    'Manukato: we have your order {{1}}. Pay {{2}} at the door by M-Pesa or cash. We will message you when it is delivered.',
  order_delivered: 'Manukato: order {{1}} has been delivered. Enjoy! Questions? Reply here or call us.',
  order_cancelled: 'Manukato: order {{1}} has been cancelled. You have not been charged.',
  order_cancelled_refund:
    'Manukato: order {{1}} has been cancelled. Your payment will be refunded; we will tell you when it is sent.',
  order_paid_after_cancel:
    'Manukato: your payment of {{1}} for order {{2}} came after it {{3}}. It will be refunded; we will tell you when it is sent.',
  order_refunded: 'Manukato: {{1}} refunded for order {{2}}. It can take 5-7 business days to show.',
};

/** The template and parameters for each order update the shop sends by SMS or WhatsApp. */
export const orderWhatsApp = {
  confirmed: (order: OrderFacts): WhatsAppTemplate => ({
    name: 'order_confirmed',
    parameters: [formatKsh(order.totalCents), order.orderNumber],
  }),
  placedOnDelivery: (order: OrderFacts): WhatsAppTemplate => ({
    name: 'order_placed_pay_on_delivery',
    parameters: [order.orderNumber, formatKsh(order.totalCents)],
  }),
  delivered: (order: OrderFacts): WhatsAppTemplate => ({ name: 'order_delivered', parameters: [order.orderNumber] }),
  cancelled: (order: OrderFacts, paid: boolean): WhatsAppTemplate => ({
    name: paid ? 'order_cancelled_refund' : 'order_cancelled',
    parameters: [order.orderNumber],
  }),
  paidAfterCancel: (order: OrderFacts, amountCents: number, cause: LatePaymentCause): WhatsAppTemplate => ({
    name: 'order_paid_after_cancel',
    parameters: [formatKsh(amountCents), order.orderNumber, cause === 'cancelled' ? 'was cancelled' : 'sold out'],
  }),
  refunded: (order: OrderFacts, amountCents: number): WhatsAppTemplate => ({
    name: 'order_refunded',
    parameters: [formatKsh(amountCents), order.orderNumber],
  }),
};
