import type { RenderedEmail } from './layout';
import { renderAlreadyRegisteredEmail } from './already-registered-email';
import { renderOrderCancelledEmail } from './order-cancelled-email';
import { renderOrderConfirmationEmail } from './order-confirmation-email';
import { renderOrderDeliveredEmail } from './order-delivered-email';
import { renderOrderProgressEmail } from './order-progress-email';
import type { OrderFacts } from './order-facts';
import { renderPasswordResetEmail } from './password-reset-email';
import { renderPaymentAfterCancelEmail } from './payment-after-cancel-email';
import { renderRefundEmail } from './refund-email';
import { renderSignupCodeEmail } from './signup-code-email';
import { renderNewsletterAndOwnerPreviews } from './newsletter-and-owner-previews';
import { orderSms, teamSms } from './sms-texts';
import { renderStaffInvitationEmail } from './staff-invitation-email';

/** A realistic order for previews and tests: long names, a discount and a paid delivery fee. */
export function sampleOrder(publicUrl: string): OrderFacts {
  return {
    publicUrl,
    myOrdersUrl: `${publicUrl}/my-orders`,
    trackingUrl: `${publicUrl}/track/q3Vh0dXk8f1LmN2pR4sT6w`,
    orderNumber: '3f9c2a1b',
    recipientName: 'Wanjiku Kamau',
    lines: [
      { name: 'Oud Royale Eau de Parfum 100 ml', quantity: 1, unitPriceCents: 2_300_000 },
      { name: 'Jasmine Nights Body Mist', quantity: 2, unitPriceCents: 185_000 },
    ],
    subtotalCents: 2_670_000,
    discountCode: 'KARIBU10',
    discountCents: 267_000,
    deliveryLocation: 'Outside Nairobi',
    shippingFeeCents: 55_000,
    totalCents: 2_458_000,
    address: { street: 'Moi Avenue 14, Block C', city: 'Mombasa', postalCode: '80100' },
    recipientPhone: '+254712345678',
    paymentMethod: 'mpesa',
  };
}

/** The longest carriers the messages name: the SMS cut a name or number to fit; the e-mails show them whole. */
export const sampleRider = {
  riderName: 'Wanjiru Mwangi-Otieno',
  riderPhone: '+254712345678',
  courierName: null,
  trackingNumber: null,
};
export const sampleCourier = {
  riderName: null,
  riderPhone: null,
  courierName: 'Wells Fargo Courier Services',
  trackingNumber: 'WF-2026-11-000123456',
};

export interface Preview {
  /** A file-name-safe name, e.g. 'order-confirmation'. */
  name: string;
  email: RenderedEmail;
  /** The SMS sent with it, if any. */
  sms?: string;
}

/** Every template rendered with sample data (npm run mail:preview, and its test). */
export async function renderPreviews(publicUrl: string): Promise<Preview[]> {
  const order = sampleOrder(publicUrl);
  const freeDelivery: OrderFacts = {
    ...order,
    discountCode: undefined,
    discountCents: undefined,
    deliveryLocation: 'Nairobi CBD',
    shippingFeeCents: 0,
    totalCents: order.subtotalCents,
    paymentMethod: 'card',
  };
  const refund = 185_000;
  return [
    { name: 'signup-code', email: await renderSignupCodeEmail({ publicUrl, code: '482913', minutes: 5 }) },
    { name: 'already-registered', email: await renderAlreadyRegisteredEmail({ publicUrl }) },
    {
      name: 'staff-invitation',
      email: await renderStaffInvitationEmail({
        publicUrl,
        roleName: 'manager',
        invitedBy: 'Amina Odhiambo',
        hasAccount: false,
      }),
      sms: teamSms.invited('manager', publicUrl),
    },
    {
      name: 'password-reset',
      email: await renderPasswordResetEmail({
        publicUrl,
        link: `${publicUrl}/reset-password?token=sample-token-for-the-preview-only`,
        minutes: 30,
      }),
    },
    {
      name: 'order-confirmation',
      email: await renderOrderConfirmationEmail({ order }),
      sms: orderSms.confirmed(order),
    },
    {
      name: 'order-confirmation-free-delivery',
      email: await renderOrderConfirmationEmail({ order: freeDelivery }),
      sms: orderSms.confirmed(freeDelivery),
    },
    {
      name: 'order-packed',
      email: await renderOrderProgressEmail({ order, progress: { stage: 'packed' } }),
      sms: orderSms.packed(order),
    },
    {
      name: 'order-out-for-delivery',
      email: await renderOrderProgressEmail({ order, progress: { stage: 'out_for_delivery', carrier: sampleRider } }),
      sms: orderSms.outForDelivery(order, sampleRider),
    },
    {
      name: 'order-with-courier',
      email: await renderOrderProgressEmail({ order, progress: { stage: 'out_for_delivery', carrier: sampleCourier } }),
      sms: orderSms.outForDelivery(order, sampleCourier),
    },
    {
      name: 'order-delivery-failed',
      email: await renderOrderProgressEmail({
        order,
        progress: {
          stage: 'delivery_failed',
          reason: 'Nobody answered at the gate.',
          nextAttemptDay: 'Monday, 30 November',
        },
      }),
      sms: orderSms.deliveryFailed(order, 'Wednesday, 30 September'),
    },
    { name: 'order-delivered', email: await renderOrderDeliveredEmail({ order }), sms: orderSms.delivered(order) },
    {
      name: 'order-cancelled',
      email: await renderOrderCancelledEmail({ order, paid: true }),
      sms: orderSms.cancelled(order, true),
    },
    {
      name: 'order-cancelled-unpaid',
      email: await renderOrderCancelledEmail({ order, paid: false }),
      sms: orderSms.cancelled(order, false),
    },
    {
      name: 'payment-after-cancel',
      email: await renderPaymentAfterCancelEmail({ order, amountCents: order.totalCents, cause: 'cancelled' }),
      sms: orderSms.paidAfterCancel(order, order.totalCents, 'cancelled'),
    },
    {
      name: 'payment-after-sold-out',
      email: await renderPaymentAfterCancelEmail({
        order: freeDelivery,
        amountCents: freeDelivery.totalCents,
        cause: 'sold-out',
      }),
      sms: orderSms.paidAfterCancel(freeDelivery, freeDelivery.totalCents, 'sold-out'),
    },
    {
      name: 'refund-partial',
      email: await renderRefundEmail({ order, amountCents: refund, full: false }),
      sms: orderSms.refunded(order, refund),
    },
    {
      name: 'refund-full',
      email: await renderRefundEmail({ order, amountCents: order.totalCents, full: true }),
      sms: orderSms.refunded(order, order.totalCents),
    },
    ...(await renderNewsletterAndOwnerPreviews(publicUrl, order)),
  ];
}
