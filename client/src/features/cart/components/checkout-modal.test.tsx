import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  CreateOrderDocument,
  InitializePaymentDocument,
  OrderPaymentDocument,
  PayWithMpesaDocument,
} from '../api/checkout.generated';
import { createViewer, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { useViewer } from '../../../shared/session/use-viewer';
import { deliveryLocations, renderCartScreen } from '../testing/render-cart';
import { CheckoutModal } from './checkout-modal';
import { cartMock, createCart, createCartLine } from '../../../shared/cart/testing/cart-mocks';
import { paymentRedirect } from '../payment-redirect';
import { POLL_MS } from './mpesa-wait';
import { createSavedAddress, myAddressesMock, saveAddressMock } from '../../../shared/addresses/testing/address-mocks';

const outsideNairobi = deliveryLocations[3]!;
const kilimani = deliveryLocations[1]!;

const shipping = {
  name: 'Amina Otieno',
  email: 'amina@example.com',
  phone: '+254712345678',
  address: '12 Riverside Drive',
  city: 'Nairobi',
  postalCode: '00100',
};

/** Jest's deep equality, as a yes or no. */
function equal(actual: unknown, expected: unknown): boolean {
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}

/** The idempotency key a createOrder mock was asked with (each checkout makes its own, at random). */
interface KeySent {
  key?: string | null;
}

function createOrderMock(
  answer:
    { orderId: string } | { errors: { field: string; code: string; message: string }[] } | { networkError: Error },
  paymentMethod = 'mpesa',
  sent: KeySent = {},
  { location = outsideNairobi, whatsappUpdates = false, totalCents = 555000 } = {},
): MockLink.MockedResponse {
  const input = { deliveryLocationId: location.id, paymentMethod, shipping, whatsappUpdates };
  const request = {
    query: CreateOrderDocument,
    variables: (variables: { input?: unknown; idempotencyKey?: string | null }) => {
      sent.key = variables.idempotencyKey;
      return equal(variables.input, input);
    },
  };
  if ('networkError' in answer) return { request, error: answer.networkError };
  const order = 'orderId' in answer ? { __typename: 'Order', id: answer.orderId, totalCents } : null;
  const errors = 'errors' in answer ? answer.errors.map((error) => ({ __typename: 'FieldError', ...error })) : [];
  return { request, result: { data: { createOrder: { __typename: 'CreateOrderPayload', order, errors } } }, delay: 20 };
}

function initializePaymentMock(
  orderId: string,
  answer: { url: string | null; errors?: { field: string; code: string; message: string }[] } | { networkError: Error },
): MockLink.MockedResponse {
  // Always with the card: the hosted page is the card's, even for an order placed for M-Pesa.
  const request = { query: InitializePaymentDocument, variables: { orderId, method: 'card' } };
  if ('networkError' in answer) return { request, error: answer.networkError };
  return {
    request,
    result: {
      data: {
        initializePayment: {
          __typename: 'PaymentInitPayload',
          authorizationUrl: answer.url,
          reference: answer.url ? 'ref-1' : null,
          errors: (answer.errors ?? []).map((error) => ({ __typename: 'FieldError', ...error })),
        },
      },
    },
    delay: 20,
  };
}

function payWithMpesaMock(
  orderId: string,
  phone: string,
  answer: { amountCents: number } | { errors: { field: string; code: string; message: string }[] },
): MockLink.MockedResponse {
  const charge =
    'amountCents' in answer
      ? {
          __typename: 'MpesaCharge',
          id: `ref-${orderId}`,
          orderId,
          amountCents: answer.amountCents,
          displayText: 'Approve on your phone',
        }
      : null;
  const errors = 'errors' in answer ? answer.errors.map((error) => ({ __typename: 'FieldError', ...error })) : [];
  return {
    request: { query: PayWithMpesaDocument, variables: { orderId, phone } },
    result: { data: { payWithMpesa: { __typename: 'PayWithMpesaPayload', charge, errors } } },
    delay: 20,
  };
}

function orderPaymentMock(
  orderId: string,
  status: string,
  reason: string | null = null,
  refundDue = false,
): MockLink.MockedResponse {
  return {
    request: { query: OrderPaymentDocument, variables: { orderId } },
    result: {
      data: {
        orderPayment: { __typename: 'OrderPayment', id: `payment-${orderId}`, orderId, status, refundDue, reason },
      },
    },
    delay: 20,
  };
}

async function chooseCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Card' }));
}

// In the app the modal opens under RequireAuth, so `me` is known; wait for it here too.
function Checkout({
  subtotalCents = 500000,
  location = outsideNairobi,
}: {
  subtotalCents?: number;
  location?: Location;
}) {
  const { loading } = useViewer();
  if (loading) return null;
  return (
    <CheckoutModal
      open
      onClose={() => undefined}
      location={location}
      quote={createCart([createCartLine({ unitPriceCents: subtotalCents })])}
      discountCode={null}
    />
  );
}

type Location = (typeof deliveryLocations)[number];

function renderCheckout(
  mocks: MockLink.MockedResponse[] = [],
  props: { subtotalCents?: number; location?: Location } = {},
) {
  const user = userEvent.setup();
  renderCartScreen(<Checkout {...props} />, [viewerMock(createViewer()), ...mocks]);
  return user;
}

async function fillShipping(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof shipping> = shipping) {
  const labels: Record<keyof typeof shipping, string> = {
    name: 'Full Name',
    email: 'Email Address',
    phone: 'Phone Number',
    address: 'Address',
    city: 'City',
    postalCode: 'Postal Code',
  };
  for (const [field, value] of Object.entries(values) as [keyof typeof shipping, string][]) {
    const input = screen.getByLabelText(labels[field]);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function toPayment(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('dialog', { name: 'Shipping Information' });
  await fillShipping(user);
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await screen.findByRole('dialog', { name: 'Payment Method' });
}

describe('CheckoutModal: pay on delivery and WhatsApp updates (issue 26)', () => {
  let redirect: jest.SpyInstance;
  beforeEach(() => {
    redirect = jest.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
  });
  afterEach(() => redirect.mockRestore());

  it('places an order to be paid at the door where the location offers it, and ends with what to have ready', async () => {
    const user = renderCheckout(
      [
        createOrderMock({ orderId: 'c0d0e0f0-door' }, 'on_delivery', {}, { location: kilimani, totalCents: 520000 }),
        // The order took the cart's items: the cart is read again, empty.
        cartMock(createCart([])),
      ],
      { location: kilimani },
    );
    await toPayment(user);

    const onDelivery = screen.getByRole('radio', { name: 'Pay on delivery' });
    expect(onDelivery).toBeEnabled();
    expect(onDelivery).toHaveAccessibleDescription('Pay on delivery: pay the rider by M-Pesa or cash when it arrives.');
    await user.click(onDelivery);
    expect(screen.queryByLabelText('M-Pesa number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByText(/when it arrives/)).toHaveTextContent(
      'Pay Ksh 5,200.00 when it arrives, by M-Pesa or cash.',
    );
    expect(screen.getByText(/when it arrives/)).toHaveAttribute('role', 'status');
    expect(screen.getByText(/Order number:/)).toHaveTextContent('#c0d0e0f0');
    expect(await screen.findByText(/^Delivery to /)).toHaveTextContent(kilimani.name);
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(redirect).not.toHaveBeenCalled();
  });

  it("shows pay on delivery but cannot choose it above the location's maximum, and says why", async () => {
    const user = renderCheckout([], { location: kilimani, subtotalCents: 2_500_000 });
    await toPayment(user);

    const onDelivery = screen.getByRole('radio', { name: 'Pay on delivery' });
    expect(onDelivery).toBeDisabled();
    expect(onDelivery).toHaveAccessibleDescription(
      'Pay on delivery is for orders up to Ksh 20,000.00. Please pay this one by M-Pesa or card.',
    );
    expect(screen.getByRole('radio', { name: 'M-Pesa' })).toBeChecked();
  });

  it('does not offer pay on delivery where the location does not', async () => {
    const user = renderCheckout();
    await toPayment(user);

    expect(screen.getByRole('radio', { name: 'Card' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Pay on delivery' })).not.toBeInTheDocument();
  });

  it('does not ask an account made with a phone number for an e-mail, and places the order without one', async () => {
    const user = userEvent.setup();
    const sent: { input?: unknown } = {};
    renderCartScreen(<Checkout />, [
      viewerMock(createViewer({ email: null, phone: '+254712345678' })),
      {
        request: {
          query: CreateOrderDocument,
          variables: (variables: { input?: unknown }) => {
            sent.input = variables.input;
            return true;
          },
        },
        result: {
          data: {
            createOrder: {
              __typename: 'CreateOrderPayload',
              order: { __typename: 'Order', id: 'phone-order', totalCents: 555000 },
              errors: [],
            },
          },
        },
      },
      initializePaymentMock('phone-order', { url: 'https://checkout.paystack.com/phone' }),
    ]);
    await screen.findByRole('dialog', { name: 'Shipping Information' });
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('placeholder', 'Optional');
    await fillShipping(user, { ...shipping, email: '' });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('dialog', { name: 'Payment Method' });
    await chooseCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/phone'));
    expect(sent.input).toMatchObject({ shipping: { ...shipping, email: '' } });
  });

  it('asks the server for WhatsApp updates when the shopper ticks the box', async () => {
    const user = renderCheckout([
      createOrderMock({ orderId: 'whatsapp-order' }, 'card', {}, { whatsappUpdates: true }),
      initializePaymentMock('whatsapp-order', { url: 'https://checkout.paystack.com/wa' }),
    ]);
    await screen.findByRole('dialog', { name: 'Shipping Information' });
    const whatsapp = screen.getByRole('checkbox', { name: 'Send order updates on WhatsApp' });
    expect(whatsapp).not.toBeChecked();
    await user.click(whatsapp);
    await fillShipping(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('dialog', { name: 'Payment Method' });
    await chooseCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/wa'));
  });
});

describe('CheckoutModal', () => {
  let redirect: jest.SpyInstance;
  beforeEach(() => {
    // jsdom's window.location cannot be spied on or navigated; the modal leaves through this seam.
    redirect = jest.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
  });
  afterEach(() => redirect.mockRestore());

  it("starts with the shopper's name and e-mail and a +254 phone placeholder", async () => {
    renderCheckout();

    await screen.findByRole('dialog', { name: 'Shipping Information' });
    expect(screen.getByLabelText('Full Name')).toHaveValue('Amina Otieno');
    expect(screen.getByLabelText('Email Address')).toHaveValue('amina@example.com');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('placeholder', expect.stringMatching(/^\+254/));
  });

  it("says 'Please fill in all fields' while any field is empty or blank", async () => {
    const user = renderCheckout();
    await screen.findByRole('dialog', { name: 'Shipping Information' });

    await fillShipping(user, { ...shipping, city: '   ' });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByRole('dialog', { name: 'Shipping Information' })).toBeInTheDocument();
  });

  it("says 'Please enter a valid email address' for an e-mail without a domain", async () => {
    const user = renderCheckout();
    await screen.findByRole('dialog', { name: 'Shipping Information' });

    await fillShipping(user, { ...shipping, email: 'amina@example' });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.queryByRole('dialog', { name: 'Payment Method' })).not.toBeInTheDocument();
  });

  it('by card: creates the order, starts the payment under the processing overlay and sends the browser to pay', async () => {
    const user = renderCheckout([
      createOrderMock({ orderId: 'a1b2c3d4-order' }, 'card'),
      initializePaymentMock('a1b2c3d4-order', { url: 'https://checkout.paystack.com/abc' }),
    ]);
    await toPayment(user);
    await chooseCard(user);

    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByText(/Total:/)).toHaveTextContent('Ksh 5,550.00');

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(screen.getByText('Processing your payment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/abc'));
    expect(redirect).toHaveBeenCalledTimes(1);
    // The overlay stays while the browser leaves.
    expect(screen.getByText('Processing your payment...')).toBeInTheDocument();
  });

  it('sends card as the payment method when chosen', async () => {
    const user = renderCheckout([
      createOrderMock({ orderId: 'card-order' }, 'card'),
      initializePaymentMock('card-order', { url: 'https://checkout.paystack.com/card' }),
    ]);
    await toPayment(user);

    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/card'));
  });

  it('reports a missing authorization URL and, on retry, pays the same order instead of creating another', async () => {
    const user = renderCheckout([
      // Only one createOrder answer: a second order would find no mock and fail the retry.
      createOrderMock({ orderId: 'order-1' }, 'card'),
      initializePaymentMock('order-1', { url: null }),
      initializePaymentMock('order-1', { url: 'https://checkout.paystack.com/retry' }),
    ]);
    await toPayment(user);
    await chooseCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to initialize payment: Missing authorization URL',
    );
    expect(screen.queryByText('Processing your payment...')).not.toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/retry'));
  });

  it("says 'Payment initialization failed' when the payment cannot be started", async () => {
    const user = renderCheckout([
      createOrderMock({ orderId: 'order-2' }, 'card'),
      initializePaymentMock('order-2', { networkError: new Error('offline') }),
    ]);
    await toPayment(user);
    await chooseCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment initialization failed');
    expect(redirect).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the payment provider refuses", async () => {
    const user = renderCheckout([
      createOrderMock({ orderId: 'order-3' }, 'card'),
      initializePaymentMock('order-3', {
        url: null,
        errors: [{ field: 'orderId', code: 'NOT_PAYABLE', message: 'This order can no longer be paid.' }],
      }),
    ]);
    await toPayment(user);
    await chooseCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This order can no longer be paid.');
  });

  it("says 'Failed to create order' when the order cannot be created", async () => {
    const user = renderCheckout([createOrderMock({ networkError: new Error('offline') })]);
    await toPayment(user);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create order');
    expect(screen.queryByText('Processing your payment...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('sends a key with the order and the same key again when retrying after a lost answer', async () => {
    const lost: KeySent = {};
    const retried: KeySent = {};
    const user = renderCheckout([
      createOrderMock({ networkError: new Error('offline') }, 'card', lost),
      createOrderMock({ orderId: 'card-order' }, 'card', retried),
      initializePaymentMock('card-order', { url: 'https://checkout.paystack.com/card' }),
    ]);
    await toPayment(user);
    await chooseCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create order');

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/card'));
    expect(lost.key).toMatch(/^[0-9a-f]{32}$/);
    expect(retried.key).toBe(lost.key);
  });

  it('says the order was already placed when the server knows the key for other details', async () => {
    const user = renderCheckout([
      createOrderMock({
        errors: [
          {
            field: 'idempotencyKey',
            code: 'IDEMPOTENCY_KEY_REUSED',
            message: 'This idempotency key was already used for a different checkout.',
          },
        ],
      }),
      // The earlier order took the cart's items: the cart is read again.
      cartMock(createCart()),
    ]);
    await toPayment(user);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your order was already placed with the details you entered first. You can find it under My Orders.',
    );
  });

  it("takes the shopper back to the field the server refused, with the server's message", async () => {
    const message = 'Please enter a valid Kenyan mobile number, e.g. +254712345678';
    const user = renderCheckout([createOrderMock({ errors: [{ field: 'phone', code: 'INVALID_PHONE', message }] })]);
    await toPayment(user);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Shipping Information' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(message);
  });

  describe('M-Pesa', () => {
    it('is the default, asks for the number prefilled from the shipping phone, and waits for the phone', async () => {
      const user = renderCheckout([
        createOrderMock({ orderId: 'mpesa-order' }),
        payWithMpesaMock('mpesa-order', '+254712345678', { amountCents: 732000 }),
        orderPaymentMock('mpesa-order', 'pending'),
      ]);
      await toPayment(user);
      expect(screen.getByRole('radio', { name: 'M-Pesa' })).toBeChecked();
      expect(screen.getByLabelText('M-Pesa number')).toHaveValue('+254712345678');

      await user.click(screen.getByRole('button', { name: 'Pay Now' }));

      expect(await screen.findByText('Approve Ksh 7,320.00 on your phone')).toBeInTheDocument();
      const live = screen.getByText(/Waiting for your approval/);
      expect(live).toHaveAttribute('aria-live', 'polite');
      expect(redirect).not.toHaveBeenCalled();
    });

    it('shows the success view with the order number once the payment is confirmed', async () => {
      const user = renderCheckout([
        createOrderMock({ orderId: 'a1b2c3d4-paid' }),
        payWithMpesaMock('a1b2c3d4-paid', '+254712345678', { amountCents: 732000 }),
        orderPaymentMock('a1b2c3d4-paid', 'completed'),
        // The payment ended: the cart is read again (emptied, or refilled after a failure).
        cartMock(createCart()),
      ]);
      await toPayment(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));

      expect(await screen.findByText('Thank you for your purchase!')).toBeInTheDocument();
      expect(screen.getByText('#a1b2c3d4')).toBeInTheDocument();
    });

    it('says the money goes back, never that the order is confirmed, when the order was cancelled before the payment arrived', async () => {
      const orderId = 'c4e5f6a7-cancelled';
      // Answers the dialog's polls in turn, counting them: the second one comes after POLL_MS.
      const answers = [
        orderPaymentMock(orderId, 'pending'),
        // Meanwhile an admin cancelled the order and the shopper approved the prompt still open on the phone.
        orderPaymentMock(orderId, 'completed', null, true),
      ].map((mock) => mock.result as { data: Record<string, unknown> });
      let asks = 0;
      const polled = jest.fn(() => answers[Math.min((asks += 1), answers.length) - 1]!);
      const user = renderCheckout([
        createOrderMock({ orderId }),
        payWithMpesaMock(orderId, '+254712345678', { amountCents: 732000 }),
        { ...orderPaymentMock(orderId, 'pending'), result: polled, maxUsageCount: Number.POSITIVE_INFINITY },
        // The payment ended: the cart is read again.
        cartMock(createCart()),
      ]);
      await toPayment(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));
      expect(await screen.findByText('Approve Ksh 7,320.00 on your phone')).toBeInTheDocument();

      expect(
        // After a poll POLL_MS later: the wait's limit (jest.setup.ts) is far above it.
        await screen.findByRole('heading', { name: 'Your payment will be refunded' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/arrived after the order was cancelled/)).toHaveTextContent(
        'Your payment for order #c4e5f6a7 arrived after the order was cancelled, so it will not be delivered. ' +
          'We will send the money back to the card or M-Pesa account you paid with and e-mail you when it is sent.',
      );
      expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/my-orders');
      expect(screen.queryByText('Thank you for your purchase!')).not.toBeInTheDocument();
      expect(screen.queryByText(/has been confirmed/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

      // The outcome is final: the dialog stops asking, so a later change to the order cannot turn it into another.
      const asked = polled.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS + 500));
      expect(polled).toHaveBeenCalledTimes(asked);
      expect(screen.getByRole('heading', { name: 'Your payment will be refunded' })).toBeInTheDocument();
      // Two polls a POLL_MS apart and one more POLL_MS of quiet, in real time (a slow machine only polls less).
    });

    it('shows the reason of a failure, then pays by card instead with a new order', async () => {
      const declined: KeySent = {};
      const byCard: KeySent = {};
      const user = renderCheckout([
        createOrderMock({ orderId: 'declined-order' }, 'mpesa', declined),
        payWithMpesaMock('declined-order', '+254712345678', { amountCents: 732000 }),
        orderPaymentMock('declined-order', 'failed', 'Declined by the customer'),
        // The payment ended: the cart is read again (emptied, or refilled after a failure).
        cartMock(createCart()),
        // The declined order is cancelled and its items are back in the cart: card places a new order.
        createOrderMock({ orderId: 'card-order' }, 'card', byCard),
        initializePaymentMock('card-order', { url: 'https://checkout.paystack.com/card' }),
      ]);
      await toPayment(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Declined by the customer');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Pay with card instead' }));

      await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/card'));
      // Another checkout: with the same key the server would answer with the declined order.
      expect(byCard.key).toMatch(/^[0-9a-f]{32}$/);
      expect(byCard.key).not.toBe(declined.key);
    });

    it('tries again with M-Pesa after a failure: back to the number, a new order and a new prompt', async () => {
      const user = renderCheckout([
        createOrderMock({ orderId: 'first-order' }),
        payWithMpesaMock('first-order', '+254712345678', { amountCents: 732000 }),
        orderPaymentMock('first-order', 'failed', 'Declined by the customer'),
        // The payment ended: the cart is read again (emptied, or refilled after a failure).
        cartMock(createCart()),
        createOrderMock({ orderId: 'second-order' }),
        payWithMpesaMock('second-order', '+254712345678', { amountCents: 732000 }),
        orderPaymentMock('second-order', 'completed'),
        // The payment ended: the cart is read again (emptied, or refilled after a failure).
        cartMock(createCart()),
      ]);
      await toPayment(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));
      await user.click(await screen.findByRole('button', { name: 'Try again' }));
      expect(screen.getByLabelText('M-Pesa number')).toHaveValue('+254712345678');
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));

      expect(await screen.findByText('Thank you for your purchase!')).toBeInTheDocument();
      expect(screen.getByText('#second-o')).toBeInTheDocument();
    });

    it('shows a refused prompt (too many to this number) above the form, and pays the same order by card', async () => {
      const tooMany = 'Too many M-Pesa prompts to this number. Please try again in 42 minutes.';
      const user = renderCheckout([
        createOrderMock({ orderId: 'limited-order' }),
        payWithMpesaMock('limited-order', '+254712345678', {
          errors: [{ field: '', code: 'RATE_LIMITED', message: tooMany }],
        }),
        initializePaymentMock('limited-order', { url: 'https://checkout.paystack.com/card' }),
      ]);
      await toPayment(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));

      const dialog = await screen.findByRole('dialog', { name: 'Payment Method' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(tooMany);
      // Not a problem with the number as typed: the field is not marked, and nothing waits for the phone.
      expect(screen.getByLabelText('M-Pesa number')).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(/on your phone/)).not.toBeInTheDocument();
      await chooseCard(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));

      await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/card'));
    });

    it('shows that a prompt is already waiting on a phone', async () => {
      const waiting =
        'A payment prompt for this order is already waiting on a phone. Approve it there, or try again in 2 minutes.';
      const user = renderCheckout([
        createOrderMock({ orderId: 'open-order' }),
        payWithMpesaMock('open-order', '+254712345678', {
          errors: [{ field: 'orderId', code: 'PAYMENT_PENDING', message: waiting }],
        }),
      ]);
      await toPayment(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(waiting);
      expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    });

    it("checks the number before asking the server, and shows the server's refusal beside the field", async () => {
      const message = 'Please enter a valid M-Pesa number, e.g. +254712345678';
      const user = renderCheckout([
        createOrderMock({ orderId: 'phone-order' }),
        payWithMpesaMock('phone-order', '+254712345678', {
          errors: [{ field: 'phone', code: 'INVALID_PHONE', message: 'Not an M-Pesa line' }],
        }),
      ]);
      await toPayment(user);
      const field = screen.getByLabelText('M-Pesa number');
      await user.clear(field);
      await user.type(field, '12345');
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);

      await user.clear(field);
      await user.type(field, '0712 345 678');
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));
      await waitFor(() => expect(field).toHaveAccessibleDescription('Not an M-Pesa line'));
    });
  });

  describe('the address book (issue 26)', () => {
    it('fills the form from the default address and offers no second copy of it', async () => {
      renderCheckout([
        myAddressesMock([
          createSavedAddress({ id: 'office', isDefault: false, street: 'Kenyatta Ave 12' }),
          createSavedAddress({ postalCode: '00100' }),
        ]),
      ]);

      await screen.findByText('From your saved addresses.');
      expect(screen.getByLabelText('Full Name')).toHaveValue('Akinyi Otieno');
      expect(screen.getByLabelText('Email Address')).toHaveValue('amina@example.com');
      expect(screen.getByLabelText('Phone Number')).toHaveValue('+254712345678');
      expect(screen.getByLabelText('Address')).toHaveValue('Jade Court, flat 4B, Kilimani (Opposite the Yaya Centre)');
      expect(screen.getByLabelText('City')).toHaveValue('Nairobi');
      expect(screen.getByLabelText('Postal Code')).toHaveValue('00100');
      expect(screen.getByRole('link', { name: 'Manage addresses' })).toHaveAttribute('href', '/my-addresses');
      expect(screen.queryByRole('checkbox', { name: 'Save this address for next time' })).not.toBeInTheDocument();
    });

    it("keeps the first order's address when the shopper leaves the box ticked", async () => {
      const saved = jest.fn();
      const user = renderCheckout([
        createOrderMock({ orderId: 'order-kept' }, 'card'),
        initializePaymentMock('order-kept', { url: 'https://checkout.paystack.com/kept' }),
        saveAddressMock({
          input: {
            recipient: 'Amina Otieno',
            phone: '+254712345678',
            street: '12 Riverside Drive',
            city: 'Nairobi',
            postalCode: '00100',
          },
          onSave: saved,
        }),
      ]);
      await screen.findByRole('dialog', { name: 'Shipping Information' });
      expect(await screen.findByRole('checkbox', { name: 'Save this address for next time' })).toBeChecked();
      await toPayment(user);
      await chooseCard(user);
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));
      await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.paystack.com/kept'));
      await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    });

    it('lets the postal code stay empty', async () => {
      const user = renderCheckout();
      await screen.findByRole('dialog', { name: 'Shipping Information' });
      expect(screen.getByLabelText('Postal Code')).toHaveAttribute('placeholder', 'Optional');
      await fillShipping(user, { ...shipping, postalCode: '' });
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      expect(await screen.findByRole('dialog', { name: 'Payment Method' })).toBeInTheDocument();
    });
  });
});
