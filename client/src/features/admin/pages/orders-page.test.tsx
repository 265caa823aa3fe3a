import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminOrdersDocument, OrderStatusChangesDocument } from '../api/orders.generated';
import { createAdminOrder, createAdminOrderList } from '../testing/admin-factories';
import { renderAdmin } from '../testing/render-admin';
import { OrdersPage } from './orders-page';

const orderId = '4b5c6d7e-1111-2222-3333-444444444444';

const order = createAdminOrder({ id: orderId, discountCode: 'KARIBU15', discountCents: 63_000 });
const orders = createAdminOrderList([order]);

const changes = [
  {
    __typename: 'OrderStatusChange',
    id: 1,
    fromStatus: 'pending',
    toStatus: 'cancelled',
    changedBy: 'admin@manukato.test',
    changedAt: '2025-03-01T10:00:00.000Z',
  },
  {
    __typename: 'OrderStatusChange',
    id: 2,
    fromStatus: 'cancelled',
    toStatus: 'delivered',
    changedBy: 'admin@manukato.test',
    changedAt: '2025-03-02T10:00:00.000Z',
  },
];

describe('OrdersPage', () => {
  it("shows an order's status history, who and from what to what, in its status dialog", async () => {
    renderAdmin(<OrdersPage />, {
      mocks: [
        {
          request: { query: AdminOrdersDocument, variables: { search: null, limit: 50, offset: 0 } },
          result: { data: { adminOrders: orders } },
        },
        {
          request: { query: OrderStatusChangesDocument, variables: { orderId } },
          result: { data: { orderStatusChanges: changes } },
        },
      ],
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Update status of order 4b5c6d7e' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Order Status' });
    const history = within(dialog).getByRole('region', { name: 'History' });
    const entries = await within(history).findAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Pending → Cancelled by admin@manukato.test'),
      expect.stringContaining('Cancelled → Delivered by admin@manukato.test'),
    ]);
    // Pages appear only once there is more than one page.
    expect(screen.queryByRole('navigation', { name: 'Pages of orders' })).not.toBeInTheDocument();
  });

  it('tells a paid order from an unpaid one in its Payment column', async () => {
    const unpaid = createAdminOrder({
      ...order,
      id: '9e8d7c6b-1111-2222-3333-444444444444',
      status: 'pending',
      paymentStatus: 'pending',
      paymentState: 'pending',
    });
    renderAdmin(<OrdersPage />, {
      mocks: [
        {
          request: { query: AdminOrdersDocument, variables: { search: null, limit: 50, offset: 0 } },
          result: { data: { adminOrders: createAdminOrderList([order, unpaid]) } },
        },
      ],
    });

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const payment = headers.indexOf('Payment');
    expect(payment).toBeGreaterThan(-1);
    const cell = (name: string) => within(screen.getByRole('row', { name })).getAllByRole('cell')[payment];
    expect(cell('Order 4b5c6d7e')).toHaveTextContent('Paid');
    expect(cell('Order 9e8d7c6b')).toHaveTextContent('Unpaid');
  });
});
