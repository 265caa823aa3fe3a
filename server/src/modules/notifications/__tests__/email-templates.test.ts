import { formatKsh } from '../../../shared/money';
import { renderOrderDeliveredEmail } from '../emails/order-delivered-email';
import { renderPreviews, sampleCourier, sampleOrder, sampleRider } from '../emails/previews';
import { gsmLength, orderSms } from '../emails/sms-texts';

// As long as a real shop's address gets: every order SMS carries the tracking link and must still fit.
const publicUrl = 'https://www.manukato.co.ke';

describe('the mail preview', () => {
  it('renders every template with both parts, in the shop look, with its key facts', async () => {
    const previews = await renderPreviews(publicUrl);
    const byName = new Map(previews.map((preview) => [preview.name, preview.email]));
    expect([...byName.keys()]).toEqual([
      'signup-code',
      'already-registered',
      'staff-invitation',
      'password-reset',
      'order-confirmation',
      'order-confirmation-free-delivery',
      'order-packed',
      'order-out-for-delivery',
      'order-with-courier',
      'order-delivery-failed',
      'order-delivered',
      'order-cancelled',
      'order-cancelled-unpaid',
      'payment-after-cancel',
      'payment-after-sold-out',
      'refund-partial',
      'refund-full',
      'newsletter-confirm',
      'newsletter-welcome',
      'owner-order-paid',
      'owner-refund-needed',
      'low-stock-digest',
    ]);
    for (const { email } of previews) {
      expect(email.subject).toMatch(/Manukato/);
      expect(email.html).toMatch(/^<!DOCTYPE html/);
      expect(email.html).toContain('support@manukato.co.ke');
      expect(email.text).toContain('support@manukato.co.ke');
      expect(email.text).not.toMatch(/<[a-z]/);
    }
    const order = sampleOrder(publicUrl);
    const facts: Record<string, string[]> = {
      'signup-code': ['verification code is 482913.', 'expires in 5 minutes'],
      'already-registered': [`${publicUrl}/login`, `${publicUrl}/forgot-password`],
      'password-reset': [`${publicUrl}/reset-password?token=sample-token-for-the-preview-only`, '30 minutes'],
      'order-confirmation': [
        'Order 3f9c2a1b',
        'Oud Royale Eau de Parfum 100 ml: 1 × Ksh 23,000.00',
        'Jasmine Nights Body Mist: 2 × Ksh 1,850.00',
        'Ksh 3,700.00',
        'Subtotal',
        'Ksh 26,700.00',
        'Discount (KARIBU10)',
        '−Ksh 2,670.00',
        'Delivery: Outside Nairobi',
        'Ksh 550.00',
        'Ksh 24,580.00',
        'Moi Avenue 14, Block C, Mombasa 80100',
        'Payment method: M-Pesa',
        `${publicUrl}/my-orders`,
      ],
      'order-confirmation-free-delivery': ['Delivery: Nairobi CBD', 'Free', 'Payment method: Card'],
      'order-delivered': ['order 3f9c2a1b has been delivered', `${publicUrl}/my-orders`, order.trackingUrl],
      'order-packed': ['order 3f9c2a1b is packed', order.trackingUrl, `${publicUrl}/my-orders`],
      'order-out-for-delivery': ['with our rider Wanjiru Mwangi-Otieno', 'call them on +254712345678'],
      'order-with-courier': ['with Wells Fargo Courier Services, tracking number WF-2026-11-000123456'],
      'order-delivery-failed': ['could not: Nobody answered at the gate.', 'try again on Monday, 30 November'],
      'order-cancelled': ['order 3f9c2a1b (Ksh 24,580.00) has been cancelled', 'will be refunded'],
      'order-cancelled-unpaid': ['You have not been charged.'],
      'payment-after-cancel': [
        'we received your payment of Ksh 24,580.00 for order 3f9c2a1b after the order had been cancelled',
        'We will refund the Ksh 24,580.00 to the M-Pesa account you paid with',
        `${publicUrl}/my-orders`,
      ],
      'payment-after-sold-out': [
        'after its reservation had run out and the items had sold out',
        'to the card you paid with',
      ],
      'refund-partial': ['refunded Ksh 1,850.00 for order 3f9c2a1b', 'a partial refund of the Ksh 24,580.00'],
      'refund-full': [`refunded ${formatKsh(order.totalCents)}`, 'a full refund'],
      'newsletter-confirm': [
        `${publicUrl}/newsletter/confirm?token=sample-token-for-the-preview-only`,
        `${publicUrl}/newsletter/unsubscribe?token=`,
        '10% off your first purchase',
      ],
      'newsletter-welcome': ['use the code WELCOME-7K3QX9 at checkout', `${publicUrl}/newsletter/unsubscribe?token=`],
      'owner-order-paid': ['New paid order 3f9c2a1b', 'Ksh 24,580.00 for 3 items', `${publicUrl}/oxalis/orders`],
      'owner-refund-needed': ['Refund needed for order 3f9c2a1b', 'Duplicate payment', `${publicUrl}/oxalis/orders`],
      'low-stock-digest': [
        '23 products are at or below 5 in stock',
        'Oud Royale Eau de Parfum 100 ml: out of stock',
        'Jasmine Nights Body Mist: 3 left',
        'and 21 more.',
        `${publicUrl}/oxalis/inventory`,
      ],
    };
    for (const [name, expected] of Object.entries(facts)) {
      const email = byName.get(name)!;
      for (const fact of expected) {
        expect(email.text).toContain(fact);
        // The HTML escapes what it shows ("&" in links, "×" as is); compare what a reader sees.
        expect(email.html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&')).toContain(fact);
      }
    }
    expect(byName.get('order-confirmation-free-delivery')!.text).not.toContain('Discount');
  });

  it('escapes what shoppers typed', async () => {
    const order = { ...sampleOrder(publicUrl), recipientName: '<script>alert(1)</script>' };
    const email = await renderOrderDeliveredEmail({ order });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
  });
});

describe('the order SMS', () => {
  // Long but realistic: the biggest amounts and longest order numbers a message carries.
  const order = { ...sampleOrder(publicUrl), totalCents: 123_456_789_00 };
  const texts = {
    confirmed: orderSms.confirmed(order),
    delivered: orderSms.delivered(order),
    cancelledPaid: orderSms.cancelled(order, true),
    cancelledUnpaid: orderSms.cancelled(order, false),
    paidAfterCancel: orderSms.paidAfterCancel(order, order.totalCents, 'cancelled'),
    paidAfterSoldOut: orderSms.paidAfterCancel(order, order.totalCents, 'sold-out'),
    refunded: orderSms.refunded(order, 98_765_432_10),
    placedOnDelivery: orderSms.placedOnDelivery(order),
    packed: orderSms.packed(order),
    outWithRider: orderSms.outForDelivery(order, sampleRider),
    outWithCourier: orderSms.outForDelivery(order, sampleCourier),
    deliveryFailed: orderSms.deliveryFailed(order, 'Wednesday, 30 September'),
  };

  it.each(Object.entries(texts))('%s fits one GSM-7 segment', (_name, text) => {
    expect(gsmLength(text)).not.toBeNull();
    expect(gsmLength(text)!).toBeLessThanOrEqual(160);
    expect(text).toContain(order.orderNumber);
  });

  it('counts characters outside GSM-7 as needing UCS-2, and extension characters twice', () => {
    expect(gsmLength('Manukato’s order')).toBeNull();
    expect(gsmLength('Delivered — thanks')).toBeNull();
    expect(gsmLength('Ksh 23,000.00')).toBe(13);
    expect(gsmLength('€5')).toBe(3);
  });
});
