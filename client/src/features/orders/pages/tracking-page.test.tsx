import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import { OrderTrackingDocument, type OrderTrackingQuery } from '../api/order-tracking.generated';
import { TrackingPage } from './tracking-page';

type Tracking = NonNullable<OrderTrackingQuery['orderTracking']>;
const token = 'q3Vh0dXk8f1LmN2pR4sT6w';

function step(stage: string, title: string, at: string, detail: string | null = null): Tracking['steps'][number] {
  return { __typename: 'FulfilmentStep', id: `${stage}-${at}`, stage, title, detail, at };
}

const outForDelivery: Tracking = {
  __typename: 'OrderTracking',
  id: token,
  orderNumber: '3f9a2c1e',
  stage: 'out_for_delivery',
  stageLabel: 'Out for delivery',
  riderName: 'Otieno',
  riderPhone: '+254722000111',
  courierName: null,
  trackingNumber: null,
  nextAttemptOn: null,
  deliveryLocation: {
    __typename: 'DeliveryLocation',
    id: 2,
    name: 'Doorstep: Kilimani, Kileleshwa, Lavington',
    deliveryTime: '1-2 days',
  },
  steps: [
    step('placed', 'Order placed', '2026-11-27T07:00:00.000Z'),
    step('paid', 'Paid — being prepared', '2026-11-27T07:02:00.000Z'),
    step('packed', 'Packed', '2026-11-27T09:00:00.000Z', 'Your order is packed and ready to go.'),
    step('out_for_delivery', 'Out for delivery', '2026-11-28T06:00:00.000Z', 'With Otieno, +254722000111'),
  ],
  lines: [{ __typename: 'OrderTrackingLine', id: '1', name: 'Oud Royale 5 ml decant', quantity: 2 }],
};

function renderTracking(orderTracking: Tracking | null) {
  const mocks: MockLink.MockedResponse<OrderTrackingQuery>[] = [
    { request: { query: OrderTrackingDocument, variables: { token } }, result: { data: { orderTracking } } },
  ];
  render(
    <MockedProvider mocks={mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={[`/track/${token}`]}>
        <Routes>
          <Route path="/track/:token" element={<TrackingPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('TrackingPage', () => {
  it('shows where the order is, every step so far, and the rider to call while it is out', async () => {
    renderTracking(outForDelivery);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order 3f9a2c1e' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Out for delivery');
    expect(screen.getByRole('link', { name: '+254722000111' })).toHaveAttribute('href', 'tel:+254722000111');
    expect(screen.getByText(/Doorstep: Kilimani, Kileleshwa, Lavington: 1-2 days/)).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps[3]).toHaveTextContent('With Otieno, +254722000111');
    expect(screen.getByText('2 × Oud Royale 5 ml decant')).toBeInTheDocument();
  });

  it('names the courier and its tracking number for an order sent outside Nairobi', async () => {
    renderTracking({
      ...outForDelivery,
      riderName: null,
      riderPhone: null,
      courierName: 'G4S',
      trackingNumber: 'G4S-1',
    });

    expect(await screen.findByText('With G4S, tracking number G4S-1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^\+254/ })).not.toBeInTheDocument();
  });

  it('says so when the link leads to no order', async () => {
    renderTracking(null);

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.');
  });
});
