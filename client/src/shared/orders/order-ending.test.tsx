import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { OrderEnding } from './order-ending';
import { orderEndingMock } from './testing/order-ending-mocks';

const orderId = 'c0d0e0f0-0000-4000-8000-000000000009';

function renderEnding(overrides: Parameters<typeof orderEndingMock>[0]) {
  render(
    <MockedProvider mocks={[orderEndingMock(overrides)]}>
      <OrderEnding orderId={orderId} />
    </MockedProvider>,
  );
  return screen.findByRole('region', { name: 'Order #c0d0e0f0' });
}

describe('OrderEnding', () => {
  it("shows the server's order: items with sizes, totals, delivery estimate, payment state and what happens next", async () => {
    const ending = await renderEnding({ discountCode: 'KARIBU10', discountCents: 50_000, totalCents: 470_000 });

    expect(within(ending).getByRole('list', { name: 'Items' })).toHaveTextContent(
      'Oud Savanna (50 ml · Eau de Parfum) × 1Ksh 5,000.00',
    );
    expect(ending).toHaveTextContent('SubtotalKsh 5,000.00');
    expect(ending).toHaveTextContent('Discount (KARIBU10)');
    expect(ending).toHaveTextContent('DeliveryKsh 200.00');
    expect(ending).toHaveTextContent('Total paidKsh 4,700.00');
    expect(ending).toHaveTextContent('PaymentM-Pesa · Paid');
    expect(ending).toHaveTextContent('Delivery to Doorstep: Kilimani, Kileleshwa, Lavington: 1-3 business days.');
    expect(ending).toHaveTextContent(
      'We are preparing your order and will tell you by SMS and e-mail when it is delivered.',
    );
  });

  it('for pay on delivery, says what to have ready for the rider, on the channel the shopper chose', async () => {
    const ending = await renderEnding({
      paymentMethod: 'on_delivery',
      paymentState: 'to_collect',
      whatsappUpdates: true,
      shippingFeeCents: 0,
    });

    expect(ending).toHaveTextContent('DeliveryFree');
    expect(ending).toHaveTextContent('PaymentPay on delivery · To pay at the door');
    expect(ending).toHaveTextContent(
      'Have Ksh 5,200.00 ready for the rider: pay by M-Pesa or cash at the door. We will tell you by WhatsApp and e-mail when it is delivered.',
    );
  });

  it('while the payment is unconfirmed, says it waits for it', async () => {
    const ending = await renderEnding({ paymentMethod: 'card', paymentState: 'pending' });

    expect(ending).toHaveTextContent('PaymentCard · Waiting for the payment');
    expect(ending).toHaveTextContent('We are waiting for your payment to be confirmed.');
  });
});
