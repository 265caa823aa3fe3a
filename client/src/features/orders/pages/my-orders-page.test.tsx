import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import { MyOrdersDocument, type MyOrdersQuery } from '../api/my-orders.generated';
import { MyOrdersPage } from './my-orders-page';

type Order = MyOrdersQuery['myOrders'][number];

function createOrder(overrides: Partial<Order> = {}): Order {
  return {
    __typename: 'Order',
    id: '3f9a2c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    createdAt: '2026-03-14T09:30:00.000Z',
    status: 'pending',
    stageLabel: 'Paid — being prepared',
    fulfilmentStage: 'unfulfilled',
    trackingToken: 'q3Vh0dXk8f1LmN2pR4sT6w',
    steps: [
      {
        __typename: 'FulfilmentStep',
        id: '3f9a2c1e:placed',
        stage: 'placed',
        title: 'Order placed',
        detail: null,
        at: '2026-03-14T09:30:00.000Z',
      },
      {
        __typename: 'FulfilmentStep',
        id: '3f9a2c1e:paid',
        stage: 'paid',
        title: 'Paid — being prepared',
        detail: null,
        at: '2026-03-14T09:32:00.000Z',
      },
    ],
    paymentStatus: 'completed',
    paymentState: 'paid',
    refundedCents: 0,
    refundNeededCents: 0,
    paymentMethod: 'mpesa',
    recipientName: 'Amina Otieno',
    recipientEmail: 'amina@example.com',
    recipientPhone: '+254712345678',
    shippingAddress: '12 Riverside Drive',
    shippingCity: 'Nairobi',
    shippingPostalCode: '00100',
    subtotalCents: 750000,
    discountCode: null,
    discountCents: 0,
    shippingFeeCents: 20000,
    totalCents: 770000,
    deliveryLocation: { __typename: 'DeliveryLocation', id: 2, name: 'Doorstep: Kilimani, Kileleshwa, Lavington' },
    items: [
      {
        __typename: 'OrderItem',
        id: 1,
        productId: 11,
        name: 'Oud Royale',
        variantId: 31,
        sizeLabel: '5 ml decant · Eau de Parfum',
        quantity: 2,
        unitPriceCents: 250000,
        lineTotalCents: 500000,
      },
      {
        __typename: 'OrderItem',
        id: 2,
        productId: 12,
        name: 'Citrus Bloom',
        variantId: null,
        sizeLabel: '',
        quantity: 1,
        unitPriceCents: 250000,
        lineTotalCents: 250000,
      },
    ],
    ...overrides,
  };
}

function renderOrders(myOrders: Order[]) {
  const mocks: MockLink.MockedResponse<MyOrdersQuery>[] = [
    { request: { query: MyOrdersDocument }, result: { data: { myOrders } } },
  ];
  render(
    <MockedProvider mocks={mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter>
        <MyOrdersPage />
      </MemoryRouter>
    </MockedProvider>,
  );
  return userEvent.setup();
}

describe('MyOrdersPage', () => {
  it("says 'No orders found.' when there are none", async () => {
    renderOrders([]);

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  });

  it("lists orders by short id, date, the shopper's stage wording and total, collapsed", async () => {
    renderOrders([
      createOrder(),
      createOrder({
        id: '9b8c7d6e-aaaa-bbbb-cccc-000000000000',
        status: 'delivered',
        stageLabel: 'Delivered',
        createdAt: '2026-02-01T22:30:00.000Z',
      }),
    ]);

    const first = await screen.findByRole('button', { name: /Order #3f9a2c1e/ });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveTextContent('14 Mar 2026');
    // A paid order the shop is preparing says so, never the bare "pending" (issue 27).
    expect(first).toHaveTextContent('Paid — being prepared');
    expect(first).not.toHaveTextContent('pending');
    expect(first).toHaveTextContent('Ksh 7,700.00');
    expect(first).not.toHaveTextContent('3f9a2c1e-');
    // 22:30 UTC is already the next day in Nairobi.
    const second = screen.getByRole('button', { name: /Order #9b8c7d6e/ });
    expect(second).toHaveTextContent('2 Feb 2026');
    expect(within(second).getByText('Delivered')).toHaveClass('status-badge--delivered');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('expands a row to its items, shipping details and totals, and collapses it again', async () => {
    const user = renderOrders([createOrder()]);

    const row = await screen.findByRole('button', { name: /Order #3f9a2c1e/ });
    await user.click(row);

    expect(row).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('region', { name: 'Order 3f9a2c1e details' });
    const items = within(within(details).getByRole('heading', { name: 'Items' }).parentElement!).getAllByRole(
      'listitem',
    );
    // Each line names its size, when it has one.
    expect(items[0]).toHaveTextContent('Oud Royale (5 ml decant · Eau de Parfum)2 × Ksh 2,500.00');
    expect(items[1]).toHaveTextContent('Citrus Bloom1 × Ksh 2,500.00');
    for (const text of [
      'Amina Otieno',
      '12 Riverside Drive',
      'Nairobi',
      '00100',
      '+254712345678',
      'amina@example.com',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    const value = (label: string) =>
      within(details).getAllByText(label, { selector: 'dt' }).at(-1)?.nextElementSibling?.textContent;
    expect(value('Subtotal')).toBe('Ksh 7,500.00');
    expect(value('Shipping')).toBe('Ksh 200.00');
    expect(value('Total')).toBe('Ksh 7,700.00');

    await user.click(row);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows the way to the door so far and links to the tracking page', async () => {
    const user = renderOrders([createOrder()]);

    await user.click(await screen.findByRole('button', { name: /Order #3f9a2c1e/ }));

    const progress = screen.getByRole('list', { name: 'Order 3f9a2c1e progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.fulfilment-steps__title')?.textContent)).toEqual([
      'Order placed',
      'Paid — being prepared',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'Tracking page for this order' })).toHaveAttribute(
      'href',
      '/track/q3Vh0dXk8f1LmN2pR4sT6w',
    );
  });

  it('shows the payment state and what was refunded', async () => {
    const user = renderOrders([createOrder({ paymentState: 'partially_refunded', refundedCents: 385000 })]);

    await user.click(await screen.findByRole('button', { name: /Order #3f9a2c1e/ }));

    const details = screen.getByRole('region', { name: 'Order 3f9a2c1e details' });
    expect(within(details).getByText('Payment', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'M-Pesa · Partly refunded',
    );
    expect(within(details).getByText('Refunded', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Ksh 3,850.00',
    );
  });

  it('says a refund is due on an order whose payment came after it was cancelled', async () => {
    const user = renderOrders([
      createOrder({ status: 'cancelled', paymentState: 'paid', refundNeededCents: 770000 }),
      createOrder({ id: '0b1c2d3e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', status: 'cancelled', paymentState: 'pending' }),
    ]);

    const row = await screen.findByRole('button', { name: /Order #3f9a2c1e/ });
    expect(row).toHaveTextContent('Refund due');
    expect(screen.getByRole('button', { name: /Order #0b1c2d3e/ })).not.toHaveTextContent('Refund due');
    await user.click(row);

    const details = screen.getByRole('region', { name: 'Order 3f9a2c1e details' });
    expect(within(details).getByText('Refund due', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Ksh 7,700.00',
    );
    expect(details).toHaveTextContent(
      'We are sending Ksh 7,700.00 back to the M-Pesa account you paid with, and will e-mail you when it is sent.',
    );
  });

  it('shows free delivery as Free', async () => {
    const user = renderOrders([createOrder({ subtotalCents: 1200000, shippingFeeCents: 0, totalCents: 1200000 })]);

    await user.click(await screen.findByRole('button', { name: /Order #3f9a2c1e/ }));

    const details = screen.getByRole('region', { name: 'Order 3f9a2c1e details' });
    expect(
      within(details).getByText('Shipping', { selector: '.order-row__totals dt' }).nextElementSibling,
    ).toHaveTextContent('Free');
  });
});
