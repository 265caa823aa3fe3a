import { renderLowStockDigestEmail } from './low-stock-digest-email';
import { renderNewsletterConfirmEmail } from './newsletter-confirm-email';
import { renderNewsletterWelcomeEmail } from './newsletter-welcome-email';
import { ownerAlertSms, renderOwnerAlertEmail, type OwnerAlertEmailProps } from './owner-alert-email';
import type { OrderFacts } from './order-facts';
import type { Preview } from './previews';

/** The newsletter's and the owner's templates with sample data (listed by renderPreviews after the order ones). */
export async function renderNewsletterAndOwnerPreviews(publicUrl: string, order: OrderFacts): Promise<Preview[]> {
  const unsubscribeUrl = `${publicUrl}/newsletter/unsubscribe?token=1.sample-token-for-the-preview-only`;
  const ownerOrder: OwnerAlertEmailProps['order'] = {
    publicUrl,
    orderNumber: order.orderNumber,
    customerName: order.recipientName,
    customerEmail: 'wanjiku.kamau@example.co.ke',
    customerPhone: order.recipientPhone,
    totalCents: order.totalCents,
    itemCount: 3,
  };
  const paid: OwnerAlertEmailProps = { kind: 'paid', order: ownerOrder };
  const refundNeeded: OwnerAlertEmailProps = {
    kind: 'refund-needed',
    order: ownerOrder,
    reason: 'Duplicate payment for an order already paid: refund needed',
  };
  return [
    {
      name: 'newsletter-confirm',
      email: await renderNewsletterConfirmEmail({
        publicUrl,
        confirmUrl: `${publicUrl}/newsletter/confirm?token=sample-token-for-the-preview-only`,
        unsubscribeUrl,
        days: 7,
      }),
    },
    {
      name: 'newsletter-welcome',
      email: await renderNewsletterWelcomeEmail({ publicUrl, code: 'WELCOME-7K3QX9', unsubscribeUrl }),
    },
    { name: 'owner-order-paid', email: await renderOwnerAlertEmail(paid), sms: ownerAlertSms(paid) },
    {
      name: 'owner-refund-needed',
      email: await renderOwnerAlertEmail(refundNeeded),
      sms: ownerAlertSms(refundNeeded),
    },
    {
      name: 'low-stock-digest',
      email: await renderLowStockDigestEmail({
        publicUrl,
        threshold: 5,
        products: [
          { id: 12, name: 'Oud Royale Eau de Parfum 100 ml', quantity: 0 },
          { id: 7, name: 'Jasmine Nights Body Mist', quantity: 3 },
        ],
        totalCount: 23,
      }),
    },
  ];
}
