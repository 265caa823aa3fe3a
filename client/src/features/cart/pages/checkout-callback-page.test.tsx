import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerifyPaymentDocument } from '../api/checkout.generated';
import { cartBadgeMock, cartMock, createCart, createCartLine } from '../../../shared/cart/testing/cart-mocks';
import { useState } from 'react';
import { useCartQuantity } from '../../../shared/cart/use-cart-quantity';
import { createViewer, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { renderCartScreen } from '../testing/render-cart';
import { orderEndingMock } from '../../../shared/orders/testing/order-ending-mocks';
import { CheckoutCallbackPage } from './checkout-callback-page';

function verifyMock(
  reference: string,
  status: 'completed' | 'failed' | 'pending',
  errors: { field: string; code: string; message: string }[] = [],
  delay = 10,
  orderStatus = 'pending',
): MockLink.MockedResponse {
  return {
    request: { query: VerifyPaymentDocument, variables: { reference } },
    result: {
      data: {
        verifyPayment: {
          __typename: 'PaymentResult',
          status,
          order: {
            __typename: 'Order',
            id: '3f9a2c1e-5b7d-4e0a-9c1b-2d3e4f5a6b7c',
            status: orderStatus,
            paymentStatus: status,
            discountCode: 'KARIBU15',
            discountCents: 63_000,
            totalCents: 412_000,
          },
          errors: errors.map((error) => ({ __typename: 'FieldError', ...error })),
        },
      },
    },
    delay,
  };
}

// The header badge beside the page. As in the app, the badge has its count before the shopper comes back from
// Paystack: the page mounts only then, so a slow badge answer can never land after (and over) the page's re-read.
function BadgeThenPage() {
  const quantity = useCartQuantity();
  const [badgeLoaded, setBadgeLoaded] = useState(false);
  if (quantity > 0 && !badgeLoaded) setBadgeLoaded(true);
  return (
    <>
      <output aria-label="Cart quantity">{quantity}</output>
      {badgeLoaded ? <CheckoutCallbackPage /> : null}
    </>
  );
}

function renderCallback(mocks: MockLink.MockedResponse[], reference: string | null = 'ref-1') {
  const user = userEvent.setup();
  const route = reference === null ? '/checkout/callback' : `/checkout/callback?reference=${reference}`;
  renderCartScreen(<BadgeThenPage />, [viewerMock(createViewer()), cartBadgeMock(3), ...mocks], {
    route,
    path: '/checkout/callback',
  });
  return user;
}

const badge = () => screen.getByRole('status', { name: 'Cart quantity' });

describe('CheckoutCallbackPage', () => {
  it('says the money goes back, not that the order is confirmed, when the order had been cancelled meanwhile', async () => {
    renderCallback([verifyMock('ref-1', 'completed', [], 10, 'cancelled'), cartMock(createCart([]))]);

    expect(await screen.findByRole('heading', { name: 'Your payment will be refunded' })).toBeInTheDocument();
    expect(screen.getByText(/arrived after the order was cancelled/)).toHaveTextContent(
      'Your payment for order #3f9a2c1e arrived after the order was cancelled',
    );
    expect(screen.queryByText(/has been confirmed/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/my-orders');
  });

  it('confirms a completed payment and re-reads the emptied cart so the badge shows 0', async () => {
    const refetched = jest.fn(() => ({ data: { cart: createCart([]) } }));
    renderCallback([
      verifyMock('ref-1', 'completed', [], 100),
      cartMock(createCart([]), { result: refetched }),
      orderEndingMock({ discountCode: 'KARIBU15', discountCents: 63_000, totalCents: 462_000 }),
    ]);

    expect(await screen.findByRole('heading', { name: 'Checking your payment…' })).toBeInTheDocument();
    expect(badge()).toHaveTextContent('3');

    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(screen.getByText('Your order has been confirmed and will be shipped soon.')).toBeInTheDocument();
    expect(screen.getByText(/confirmation SMS/)).toBeInTheDocument();
    // The number My Orders and the confirmation e-mail show for the order.
    expect(screen.getByText(/^Order number:/)).toHaveTextContent('Order number: #3f9a2c1e');
    // The order's discount and total, as the server recorded them (the ending every payment shares).
    expect((await screen.findByText('Discount (KARIBU15)')).nextElementSibling).toHaveTextContent('−Ksh 630.00');
    expect(screen.getByText('Total paid').nextElementSibling).toHaveTextContent('Ksh 4,620.00');
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/my-orders');
    await waitFor(() => expect(badge()).toHaveTextContent('0'));
    expect(refetched).toHaveBeenCalledTimes(1);
  });

  it('says the payment failed, and re-reads the cart the server refilled so the badge shows its items', async () => {
    // The declined order's items went back into the cart: 3 already there, 2 more from the order.
    const refilled = createCart([createCartLine({ quantity: 3 }), createCartLine({ quantity: 2 })]);
    renderCallback([verifyMock('ref-1', 'failed', [], 100), cartMock(refilled)]);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));

    expect(await screen.findByRole('heading', { name: 'Payment processing failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.queryByText('Thank you for your purchase!')).not.toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
  });

  it("shows the server's reason for a failure", async () => {
    renderCallback([
      verifyMock('ref-1', 'failed', [{ field: 'reference', code: 'NOT_FOUND', message: 'No such payment.' }]),
      cartMock(createCart([])),
    ]);

    expect(await screen.findByRole('alert')).toHaveTextContent('No such payment.');
    expect(screen.getByRole('heading', { name: 'Payment processing failed' })).toBeInTheDocument();
  });

  it('fails without asking the server when the reference is missing', async () => {
    renderCallback([], null);

    expect(await screen.findByRole('heading', { name: 'Payment processing failed' })).toBeInTheDocument();
  });

  it('keeps checking a pending payment until the shopper retries and it completes', async () => {
    const user = renderCallback([
      verifyMock('ref-1', 'pending'),
      verifyMock('ref-1', 'completed'),
      cartMock(createCart([])),
    ]);

    const retry = await screen.findByRole('button', { name: 'Check again' });
    expect(screen.getByRole('heading', { name: 'Checking your payment…' })).toBeInTheDocument();

    await user.click(retry);

    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
  });
});
