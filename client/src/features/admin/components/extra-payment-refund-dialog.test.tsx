import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { AdminOrdersDocument, RefundOrderDocument } from '../api/orders.generated';
import { createAdminOrder, createAdminOrderList } from '../testing/admin-factories';
import { renderAdmin } from '../testing/render-admin';
import { OrdersPage } from '../pages/orders-page';

const order = createAdminOrder({
  status: 'cancelled',
  paymentState: 'refund_needed',
  refundNeededCents: 150_000,
});
const ordersMock = (): MockLink.MockedResponse => ({
  request: { query: AdminOrdersDocument, variables: { search: null, limit: 50, offset: 0 } },
  result: { data: { adminOrders: createAdminOrderList([order]) } },
});
const refundMock = (refund: { status: string } | null, message = ''): MockLink.MockedResponse => ({
  request: {
    query: RefundOrderDocument,
    variables: { orderId: order.id, reason: 'Paid late, twice or after cancellation', extraPayment: true },
  },
  result: {
    data: {
      refundOrder: {
        __typename: 'RefundPayload',
        refund: refund && { __typename: 'Refund', id: 'r-1', amountCents: 150_000, ...refund },
        errors: refund ? [] : [{ __typename: 'FieldError', field: 'orderId', code: 'INVALID', message }],
      },
    },
  },
});

async function confirmExtraRefund() {
  await userEvent.click(await screen.findByRole('button', { name: 'Refund the extra payment of order 4b5c6d7e' }));
  const dialog = screen.getByRole('dialog', { name: 'Refund the extra payment' });
  expect(dialog).toHaveTextContent('Send Ksh 1,500.00 back to Akinyi Otieno for order #4b5c6d7e?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
}

describe('ExtraPaymentRefundDialog', () => {
  it('sends the whole extra payment back once confirmed and says Paystack has it', async () => {
    renderAdmin(<OrdersPage />, { mocks: [ordersMock(), refundMock({ status: 'pending' }), ordersMock()] });
    await confirmExtraRefund();
    expect(
      await screen.findByText('Refund of Ksh 1,500.00 for order #4b5c6d7e sent, awaiting Paystack'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Refund the extra payment' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the refund is refused", async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [ordersMock(), refundMock(null, 'Nothing was paid twice'), ordersMock()],
    });
    await confirmExtraRefund();
    expect(await screen.findByText('Nothing was paid twice')).toBeInTheDocument();
  });
});
