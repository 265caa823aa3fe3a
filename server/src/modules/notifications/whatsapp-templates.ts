import { formatKsh } from '../../shared/money';
import type { OrderFacts } from './emails/order-facts';
import type { LatePaymentCause } from './emails/payment-after-cancel-email';
import type { CarrierFacts } from './emails/sms-texts';

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
    'Manukato: payment of {{1}} received for order {{2}}. We will message you as it makes its way to you. Track it: {{3}}',
  order_placed_pay_on_delivery:
    'Manukato: we have your order {{1}}. Pay {{2}} at the door by M-Pesa or cash. Track it: {{3}}',
  order_packed: 'Manukato: order {{1}} is packed and will be on its way soon. Track it: {{2}}',
  order_out_for_delivery_rider:
    'Manukato: order {{1}} is out for delivery with our rider {{2}}, {{3}}. Track it: {{4}}',
  order_out_for_delivery_courier:
    'Manukato: order {{1}} is on its way with {{2}}, tracking number {{3}}. Track it: {{4}}',
  order_delivery_failed:
    'Manukato: we could not deliver order {{1}}: {{2}}. We will try again on {{3}}. Track it: {{4}}',
  order_delivered: 'Manukato: order {{1}} has been delivered. Enjoy! Questions? Reply here or call us. {{2}}',
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
    parameters: [formatKsh(order.totalCents), order.orderNumber, order.trackingUrl],
  }),
  placedOnDelivery: (order: OrderFacts): WhatsAppTemplate => ({
    name: 'order_placed_pay_on_delivery',
    parameters: [order.orderNumber, formatKsh(order.totalCents), order.trackingUrl],
  }),
  packed: (order: OrderFacts): WhatsAppTemplate => ({
    name: 'order_packed',
    parameters: [order.orderNumber, order.trackingUrl],
  }),
  outForDelivery: (order: OrderFacts, carrier: CarrierFacts): WhatsAppTemplate =>
    carrier.courierName
      ? {
          name: 'order_out_for_delivery_courier',
          parameters: [order.orderNumber, carrier.courierName, carrier.trackingNumber ?? '', order.trackingUrl],
        }
      : {
          name: 'order_out_for_delivery_rider',
          parameters: [order.orderNumber, carrier.riderName ?? '', carrier.riderPhone ?? '', order.trackingUrl],
        },
  deliveryFailed: (order: OrderFacts, reason: string, nextAttemptDay: string): WhatsAppTemplate => ({
    name: 'order_delivery_failed',
    parameters: [order.orderNumber, reason, nextAttemptDay, order.trackingUrl],
  }),
  delivered: (order: OrderFacts): WhatsAppTemplate => ({
    name: 'order_delivered',
    parameters: [order.orderNumber, order.trackingUrl],
  }),
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
