import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { CreateOrderDocument, InitializePaymentDocument } from '../api/checkout.generated';
import { createViewer, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { useViewer } from '../../../shared/session/use-viewer';
import { deliveryLocations, freeDeliveryFromCents, renderCartScreen } from '../testing/render-cart';
import { CheckoutModal } from './checkout-modal';
import { paymentRedirect } from '../payment-redirect';

const outsideNairobi = deliveryLocations[3]!;

const shipping = {
  name: 'Amina Otieno',
  email: 'amina@example.com',
  phone: '+254712345678',
  address: '12 Riverside Drive',
  city: 'Nairobi',
  postalCode: '00100',
};

function createOrderMock(
  answer:
    { orderId: string } | { errors: { field: string; code: string; message: string }[] } | { networkError: Error },
  paymentMethod = 'mpesa',
): MockLink.MockedResponse {
  const request = {
    query: CreateOrderDocument,
    variables: { input: { deliveryLocationId: outsideNairobi.id, paymentMethod, shipping } },
  };
  if ('networkError' in answer) return { request, error: answer.networkError };
  const order = 'orderId' in answer ? { __typename: 'Order', id: answer.orderId, totalCents: 555000 } : null;
  const errors = 'errors' in answer ? answer.errors.map((error) => ({ __typename: 'FieldError', ...error })) : [];
  return { request, result: { data: { createOrder: { __typename: 'CreateOrderPayload', order, errors } } }, delay: 20 };
}

function initializePaymentMock(
  orderId: string,
  answer: { url: string | null; errors?: { field: string; code: string; message: string }[] } | { networkError: Error },
): MockLink.MockedResponse {
  const request = { query: InitializePaymentDocument, variables: { orderId } };
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

// In the app the modal opens under RequireAuth, so `me` is known; wait for it here too.
function Checkout({ subtotalCents = 500000 }: { subtotalCents?: number }) {
  const { loading } = useViewer();
  if (loading) return null;
  return (
    <CheckoutModal
      open
      onClose={() => undefined}
      location={outsideNairobi}
      subtotalCents={subtotalCents}
      freeDeliveryFromCents={freeDeliveryFromCents}
    />
  );
}

function renderCheckout(mocks: MockLink.MockedResponse[] = []) {
  const user = userEvent.setup();
  renderCartScreen(<Checkout />, [viewerMock(createViewer()), ...mocks]);
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

  it('creates the order, starts the payment under the processing overlay and sends the browser to pay', async () => {
    const user = renderCheckout([
      createOrderMock({ orderId: 'a1b2c3d4-order' }),
      initializePaymentMock('a1b2c3d4-order', { url: 'https://checkout.paystack.com/abc' }),
    ]);
    await toPayment(user);

    expect(screen.getByRole('radio', { name: 'M-Pesa' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card' })).not.toBeChecked();
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
      createOrderMock({ orderId: 'order-1' }),
      initializePaymentMock('order-1', { url: null }),
      initializePaymentMock('order-1', { url: 'https://checkout.paystack.com/retry' }),
    ]);
    await toPayment(user);

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
      createOrderMock({ orderId: 'order-2' }),
      initializePaymentMock('order-2', { networkError: new Error('offline') }),
    ]);
    await toPayment(user);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment initialization failed');
    expect(redirect).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the payment provider refuses", async () => {
    const user = renderCheckout([
      createOrderMock({ orderId: 'order-3' }),
      initializePaymentMock('order-3', {
        url: null,
        errors: [{ field: 'orderId', code: 'NOT_PAYABLE', message: 'This order can no longer be paid.' }],
      }),
    ]);
    await toPayment(user);

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
});
