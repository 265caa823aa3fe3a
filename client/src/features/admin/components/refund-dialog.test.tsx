import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { AdminOrdersDocument, OrderRefundsDocument, RefundOrderDocument } from '../api/orders.generated';
import { createAdminOrder, createAdminOrderList } from '../testing/admin-factories';
import { renderAdmin } from '../testing/render-admin';
import { OrdersPage } from '../pages/orders-page';

const orderId = '4b5c6d7e-1111-2222-3333-444444444444';
const listVariables = { search: null, limit: 50, offset: 0 };

function orderList(overrides: Parameters<typeof createAdminOrder>[0] = {}) {
  return createAdminOrderList([
    createAdminOrder({ id: orderId, paymentState: 'partially_refunded', refundedCents: 95_000, ...overrides }),
  ]);
}

const earlierRefund = {
  __typename: 'Refund',
  id: 'aaaaaaaa-1111-2222-3333-444444444444',
  amountCents: 95_000,
  reason: 'Late delivery',
  status: 'processed',
  restock: false,
  createdAt: '2025-03-02T09:00:00.000Z',
};

const ordersMock = (list = orderList()): MockLink.MockedResponse => ({
  request: { query: AdminOrdersDocument, variables: listVariables },
  result: { data: { adminOrders: list } },
});
/** The order's refunds, and what the server says is left to refund (paid 8,950.00, 950.00 back: 8,000.00). */
const refundsMock = (refunds: unknown[], refundableCents = 800_000): MockLink.MockedResponse => ({
  request: { query: OrderRefundsDocument, variables: { orderId } },
  result: { data: { orderRefundableCents: refundableCents, orderRefunds: refunds } },
});

/** Opens the dialog and waits for its form, which waits for the server's figure. */
async function openRefund() {
  await userEvent.click(await screen.findByRole('button', { name: 'Refund order 4b5c6d7e' }));
  const dialog = screen.getByRole('dialog', { name: 'Refund Order' });
  await within(dialog).findByLabelText('Amount (Ksh)');
  return dialog;
}

describe('RefundDialog', () => {
  it('proposes what is left, asks to confirm the amount, sends it in cents with the reason and restock', async () => {
    const sent = jest.fn();
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(),
        refundsMock([earlierRefund]),
        {
          request: {
            query: RefundOrderDocument,
            variables: { orderId, amountCents: 125_050, reason: 'One bottle broken', restock: true },
          },
          result: () => {
            sent();
            return {
              data: {
                refundOrder: {
                  __typename: 'RefundPayload',
                  refund: {
                    __typename: 'Refund',
                    id: 'bbbbbbbb-1111-2222-3333-444444444444',
                    amountCents: 125_050,
                    status: 'processed',
                  },
                  errors: [],
                },
              },
            };
          },
        },
        ordersMock(orderList({ refundedCents: 220_050 })),
        refundsMock([earlierRefund]),
      ],
    });
    const dialog = await openRefund();
    // Paid 8,950.00, 950.00 already back: 8,000.00 left.
    const amount = within(dialog).getByLabelText('Amount (Ksh)');
    expect(amount).toHaveValue('8,000.00');
    expect(await within(dialog).findByText(/Ksh 950\.00, Processed: Late delivery/)).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,250.50');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'One bottle broken');
    await userEvent.click(within(dialog).getByLabelText("Put the order's stock back"));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(sent).not.toHaveBeenCalled();
    expect(
      within(dialog).getByText(/Refund Ksh 1,250\.50 of order #4b5c6d7e to Akinyi Otieno, and put its stock back\?/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refunded Ksh 1,250.50 for order #4b5c6d7e')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('says a refund Paystack has not settled yet is awaiting Paystack, not refunded', async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(),
        refundsMock([earlierRefund]),
        {
          request: {
            query: RefundOrderDocument,
            variables: { orderId, amountCents: 800_000, reason: 'Answer lost', restock: false },
          },
          result: {
            data: {
              refundOrder: {
                __typename: 'RefundPayload',
                refund: {
                  __typename: 'Refund',
                  id: 'cccccccc-1111-2222-3333-444444444444',
                  amountCents: 800_000,
                  status: 'pending',
                },
                errors: [],
              },
            },
          },
        },
        ordersMock(),
        refundsMock([earlierRefund]),
      ],
    });
    const dialog = await openRefund();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Answer lost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(
      await screen.findByText('Refund of Ksh 8,000.00 for order #4b5c6d7e sent, awaiting Paystack'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Refunded /)).not.toBeInTheDocument();
  });

  it('lists what became of each refund: awaiting Paystack, and not sent when Paystack never received it', async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(),
        refundsMock([
          { ...earlierRefund, id: 'cccccccc-1111-2222-3333-444444444444', status: 'pending', reason: 'Waiting' },
          { ...earlierRefund, id: 'dddddddd-1111-2222-3333-444444444444', status: 'not_sent', reason: 'Crashed' },
          earlierRefund,
        ]),
      ],
    });
    const dialog = await openRefund();
    expect(await within(dialog).findByText(/Ksh 950\.00, Awaiting Paystack: Waiting/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Ksh 950\.00, Not sent, nothing refunded: Crashed/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Ksh 950\.00, Processed: Late delivery/)).toBeInTheDocument();
  });

  it("proposes the server's figure, not total less refunded: a refund awaiting Paystack holds its part", async () => {
    const pending = { ...earlierRefund, id: 'eeeeeeee-1111-2222-3333-444444444444', amountCents: 300_000 };
    renderAdmin(<OrdersPage />, {
      mocks: [ordersMock(), refundsMock([{ ...pending, status: 'pending' }, earlierRefund], 500_000)],
    });
    const dialog = await openRefund();
    // Paid 8,950.00, 950.00 processed and 3,000.00 awaiting Paystack: the server says 5,000.00 is left.
    const amount = within(dialog).getByLabelText('Amount (Ksh)');
    expect(amount).toHaveValue('5,000.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '8,000.00');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Too much');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most Ksh 5,000.00 is left to refund.');
  });

  it('refuses an amount above what is left, a non-amount and a missing reason without asking the server', async () => {
    renderAdmin(<OrdersPage />, { mocks: [ordersMock(), refundsMock([])] });
    const dialog = await openRefund();
    const amount = within(dialog).getByLabelText('Amount (Ksh)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '8,000.01');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Too much');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most Ksh 8,000.00 is left to refund.');
    await userEvent.clear(amount);
    await userEvent.type(amount, 'ten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter an amount in shillings');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.clear(within(dialog).getByLabelText('Reason'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why the money goes back.');
    expect(within(dialog).queryByRole('button', { name: 'Confirm refund' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the form", async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(),
        refundsMock([]),
        {
          request: {
            query: RefundOrderDocument,
            variables: { orderId, amountCents: 800_000, reason: 'All of it', restock: false },
          },
          result: {
            data: {
              refundOrder: {
                __typename: 'RefundPayload',
                refund: null,
                errors: [
                  {
                    __typename: 'FieldError',
                    field: 'amountCents',
                    code: 'REFUND_TOO_LARGE',
                    message: 'The refund is more than what is left of the payment.',
                  },
                ],
              },
            },
          },
        },
        ordersMock(),
        refundsMock([]),
      ],
    });
    const dialog = await openRefund();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'All of it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The refund is more than what is left of the payment.',
    );
  });

  it('shows the payment state with its channel, and a one-click refund for a "refund needed" order', async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [
        ordersMock(orderList({ paymentState: 'paid', refundedCents: 0, refundNeededCents: 895_000 })),
        refundsMock([]),
      ],
    });
    const row = await screen.findByRole('row', { name: 'Order 4b5c6d7e' });
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('M-Pesa');
    expect(row).toHaveTextContent('Refund needed');
    await userEvent.click(within(row).getByRole('button', { name: 'Refund the extra payment of order 4b5c6d7e' }));
    expect(screen.getByRole('dialog', { name: 'Refund the extra payment' })).toHaveTextContent(
      'Send Ksh 8,950.00 back to Akinyi Otieno',
    );
  });
});
