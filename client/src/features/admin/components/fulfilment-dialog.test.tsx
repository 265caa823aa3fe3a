import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  AdminOrdersDocument,
  MarkOrderDeliveredDocument,
  MarkOutForDeliveryDocument,
  OrderStepsDocument,
} from '../api/orders.generated';
import { createAdminOrder, createAdminOrderList } from '../testing/admin-factories';
import { renderAdmin } from '../testing/render-admin';
import { OrdersPage } from '../pages/orders-page';

const orderId = '4b5c6d7e-1111-2222-3333-444444444444';
const listVariables = { search: null, limit: 50, offset: 0 };
type Overrides = Parameters<typeof createAdminOrder>[0];

const paidPacked: Overrides = {
  id: orderId,
  status: 'pending',
  fulfilmentStage: 'packed',
  stageLabel: 'Packed — ready to go',
};

const ordersMock = (overrides: Overrides): MockLink.MockedResponse => ({
  request: { query: AdminOrdersDocument, variables: listVariables },
  result: { data: { adminOrders: createAdminOrderList([createAdminOrder(overrides)]) } },
});

const step = (stage: string, title: string, by: string | null) => ({
  __typename: 'FulfilmentStep',
  id: `${orderId}:${stage}`,
  stage,
  title,
  detail: null,
  at: '2026-11-27T09:00:00.000Z',
  by,
});
const stepsMock: MockLink.MockedResponse = {
  request: { query: OrderStepsDocument, variables: { search: orderId } },
  result: {
    data: {
      adminOrders: {
        __typename: 'AdminOrderList',
        orders: [
          {
            __typename: 'Order',
            id: orderId,
            steps: [step('placed', 'Order placed', null), step('packed', 'Packed', 'Wanjiku Staff')],
          },
        ],
      },
    },
  },
};

const answer = (field: string, order: Overrides | null, errors: unknown[] = []) => ({
  data: {
    [field]: {
      __typename: 'OrderPayload',
      order: order
        ? {
            __typename: 'Order',
            id: orderId,
            status: 'pending',
            fulfilmentStage: 'out_for_delivery',
            stageLabel: 'Out for delivery',
            riderName: 'Otieno',
            riderPhone: '+254722000111',
            courierName: null,
            trackingNumber: null,
            nextAttemptOn: null,
            ...order,
          }
        : null,
      errors,
    },
  },
});

async function openFulfil() {
  await userEvent.click(await screen.findByRole('button', { name: 'Fulfil order 4b5c6d7e' }));
  return screen.getByRole('dialog', { name: 'Fulfil order #4b5c6d7e' });
}

describe('FulfilmentDialog', () => {
  it('shows the steps with who took them, and sends a packed order out with a rider', async () => {
    const sent = jest.fn();
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(paidPacked),
        stepsMock,
        {
          request: {
            query: MarkOutForDeliveryDocument,
            variables: { orderId, input: { riderName: 'Otieno', riderPhone: '0722000111' } },
          },
          result: () => {
            sent();
            return answer('markOutForDelivery', {});
          },
        },
        ordersMock({ ...paidPacked, fulfilmentStage: 'out_for_delivery', stageLabel: 'Out for delivery' }),
      ],
    });

    const dialog = await openFulfil();
    expect(within(dialog).getByText('Packed — ready to go')).toBeInTheDocument();
    expect(await within(dialog).findByText('by Wanjiku Staff')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Rider's name"), 'Otieno');
    await userEvent.type(within(dialog).getByLabelText("Rider's phone"), '0722000111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send out for delivery' }));

    expect(await screen.findByText('Order #4b5c6d7e: out for delivery')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(paidPacked),
        stepsMock,
        {
          request: {
            query: MarkOutForDeliveryDocument,
            variables: { orderId, input: { courierName: 'G4S', trackingNumber: '' } },
          },
          result: answer('markOutForDelivery', null, [
            {
              __typename: 'FieldError',
              field: 'trackingNumber',
              code: 'REQUIRED',
              message: 'The tracking number is required.',
            },
          ]),
        },
        // The list is read again after any answer: the server may have moved the order meanwhile.
        ordersMock(paidPacked),
      ],
    });

    const dialog = await openFulfil();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A courier (outside Nairobi)' }));
    await userEvent.type(within(dialog).getByLabelText('Courier'), 'G4S');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send out for delivery' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The tracking number is required.');
  });

  it('asks for the door payment before an order paid on delivery is marked delivered', async () => {
    const atDoor: Overrides = {
      ...paidPacked,
      paymentMethod: 'on_delivery',
      paymentStatus: 'pending',
      paymentState: 'to_collect',
      fulfilmentStage: 'out_for_delivery',
      stageLabel: 'Out for delivery',
    };
    renderAdmin(<OrdersPage />, { mocks: [ordersMock(atDoor), stepsMock] });

    const dialog = await openFulfil();
    expect(within(dialog).getByRole('button', { name: 'Mark delivered' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Collect the payment at the door first');
    expect(within(dialog).getByRole('button', { name: 'Record failed attempt' })).toBeEnabled();
  });

  it('marks a paid order delivered', async () => {
    const out: Overrides = { ...paidPacked, fulfilmentStage: 'out_for_delivery', stageLabel: 'Out for delivery' };
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(out),
        stepsMock,
        {
          request: { query: MarkOrderDeliveredDocument, variables: { orderId } },
          result: answer('markOrderDelivered', { status: 'delivered', fulfilmentStage: 'delivered' }),
        },
        ordersMock({ ...out, status: 'delivered', fulfilmentStage: 'delivered', stageLabel: 'Delivered' }),
      ],
    });

    const dialog = await openFulfil();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Order #4b5c6d7e: delivered')).toBeInTheDocument();
  });

  it('offers nothing to fulfil on a delivered or unpaid order', async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [ordersMock({ id: orderId, status: 'pending', paymentState: 'pending', fulfilmentStage: 'unfulfilled' })],
    });
    expect(await screen.findByRole('button', { name: 'Update status of order 4b5c6d7e' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fulfil order 4b5c6d7e' })).not.toBeInTheDocument();
  });
});
