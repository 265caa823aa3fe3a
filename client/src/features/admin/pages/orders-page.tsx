import { useId, useState } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDateTime } from '../../../shared/format-date';
import { discountLabel, formatDiscount, formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { Modal } from '../../../shared/ui/modal';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useToast } from '../../../shared/ui/use-toast';
import { channelLabel, paymentStateLabel, statusLabel } from '../admin-format';
import {
  useAdminOrdersQuery,
  useOrderStatusChangesQuery,
  useRefundOrderMutation,
  useUpdateOrderStatusMutation,
  type AdminOrdersQuery,
} from '../api/orders.generated';
import { AdminList, Pager, SearchToolbar } from '../components/admin-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RefundDialog } from '../components/refund-dialog';
import { usePagedListSearch } from '../components/use-list-search';
import { StatCards } from '../components/stat-cards';
import { StatusBadge } from '../components/status-badge';

type AdminOrder = AdminOrdersQuery['adminOrders']['orders'][number];

// SPEC §4: any of the three, in any order.
const ORDER_STATUSES = ['pending', 'delivered', 'cancelled'] as const;
const STATUS_FAILED = 'Failed to update order status';
const PAYMENT_FILTERS = [
  ['', 'All payments'],
  ['paid', 'Paid'],
  ['pending', 'Unpaid'],
  ['failed', 'Failed'],
  ['refunded', 'Refunded'],
  ['refund_needed', 'Refund needed'],
] as const;

/** The order's discount under its total: 'Discount (CODE) −Ksh X'. */
function discountLine(order: { discountCode?: string | null; discountCents: number }) {
  return order.discountCents > 0 ? (
    <span className="admin-order__discount">
      {' '}
      {discountLabel(order.discountCode)} {formatDiscount(order.discountCents)}
    </span>
  ) : null;
}

export function OrdersPage() {
  const { search, setSearch, variables, offset, setOffset } = usePagedListSearch();
  const [paymentState, setPaymentState] = useState('');
  const { data, previousData, error } = useAdminOrdersQuery({
    variables: paymentState ? { ...variables, paymentState } : variables,
    fetchPolicy: 'cache-and-network',
  });
  const list = (data ?? previousData)?.adminOrders;
  const [changing, setChanging] = useState<AdminOrder | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [refundingExtra, setRefundingExtra] = useState<AdminOrder | null>(null);
  const filterId = useId();

  const actions = (order: AdminOrder) => (
    <>
      {statusButton(order)}
      {order.paymentStatus === 'completed' && order.refundedCents < order.totalCents ? (
        <button
          type="button"
          className="button button--outline"
          aria-label={`Refund order ${shortId(order.id)}`}
          onClick={() => setRefunding(order)}
        >
          Refund
        </button>
      ) : null}
      {order.refundNeededCents > 0 ? (
        <button
          type="button"
          className="button"
          aria-label={`Refund the extra payment of order ${shortId(order.id)}`}
          onClick={() => setRefundingExtra(order)}
        >
          Refund {formatMoney(order.refundNeededCents)}
        </button>
      ) : null}
    </>
  );

  const statusButton = (order: AdminOrder) => (
    <button
      type="button"
      className="button button--outline"
      aria-label={`Update status of order ${shortId(order.id)}`}
      onClick={() => setChanging(order)}
    >
      Update Status
    </button>
  );

  return (
    <section className="admin-page">
      <PageMeta title="Orders" noIndex />
      <h1>Orders</h1>
      {list ? (
        <StatCards
          label="Order statistics"
          stats={[
            { title: 'Total Orders', value: String(list.stats.total) },
            { title: 'Pending', value: String(list.stats.pending) },
            { title: 'Delivered', value: String(list.stats.delivered) },
            { title: 'Cancelled', value: String(list.stats.cancelled) },
            { title: 'Total Sales', value: formatMoney(list.stats.totalSalesCents) },
          ]}
        />
      ) : null}
      <SearchToolbar
        label="Search orders"
        placeholder="Search by customer, city or order id"
        search={search}
        onSearch={setSearch}
        csvHref="/api/admin/export/orders.csv"
      />
      <p className="admin-filter">
        <label htmlFor={filterId}>Payment</label>{' '}
        <select
          id={filterId}
          value={paymentState}
          onChange={(event) => {
            setPaymentState(event.target.value);
            setOffset(0);
          }}
        >
          {PAYMENT_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </p>
      <AdminList
        label="Orders"
        items={list?.orders}
        error={error}
        failure={serverMessageOr(error, 'Failed to fetch orders')}
        empty="No orders found."
        card={(order) => (
          <li key={order.id} aria-label={`Order ${shortId(order.id)}`}>
            <h2>#{shortId(order.id)}</h2>
            <p>
              {order.recipientName}, {order.shippingCity}
            </p>
            <p>{formatMoney(order.totalCents)}</p>
            {discountLine(order)}
            <p>
              <StatusBadge status={order.status} /> {paymentBadge(order)}
            </p>
            {actions(order)}
          </li>
        )}
        table={{
          columns: ['Order', 'Customer', 'City', 'Items', 'Total', 'Date', 'Payment', 'Status', 'Actions'],
          row: (order) => (
            <tr key={order.id} aria-label={`Order ${shortId(order.id)}`}>
              <td title={order.id}>#{shortId(order.id)}</td>
              <td>
                {order.recipientName}
                <br />
                <span className="muted">{order.recipientEmail}</span>
              </td>
              <td>{order.shippingCity}</td>
              <td>{order.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}</td>
              <td>
                {formatMoney(order.totalCents)}
                {discountLine(order)}
              </td>
              <td>{formatDateTime(order.createdAt)}</td>
              <td>{paymentBadge(order)}</td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>{actions(order)}</td>
            </tr>
          ),
        }}
      />
      {list ? (
        <Pager noun="orders" offset={offset} shown={list.orders.length} total={list.totalCount} onOffset={setOffset} />
      ) : null}
      <OrderStatusDialog order={changing} onClose={() => setChanging(null)} />
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
      <ExtraPaymentRefund order={refundingExtra} onClose={() => setRefundingExtra(null)} />
    </section>
  );
}

// An unpaid pending order must not read like a paid one; refunds and money still owed back show beside it.
function paymentBadge(order: AdminOrder) {
  return (
    <>
      <StatusBadge status={order.paymentStatus}>{paymentStateLabel(order.paymentState)}</StatusBadge>{' '}
      <span className="muted">{channelLabel(order.paymentMethod)}</span>
      {order.refundedCents > 0 ? <span className="muted"> · {formatMoney(order.refundedCents)} back</span> : null}
      {order.refundNeededCents > 0 ? (
        <>
          {' '}
          <StatusBadge status="failed">Refund needed</StatusBadge>
        </>
      ) : null}
    </>
  );
}

/**
 * "Refund needed" (a payment after the order was cancelled or its stock went, or a second one): one click, confirmed,
 * sends all of that payment back.
 */
function ExtraPaymentRefund({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  const [refundOrder, { loading }] = useRefundOrderMutation();
  const { showToast } = useToast();
  async function confirm() {
    if (!order) return;
    try {
      const { data } = await refundOrder({
        variables: { orderId: order.id, reason: 'Paid late, twice or after cancellation', extraPayment: true },
        refetchQueries: ['AdminOrders'],
        awaitRefetchQueries: true,
      });
      const payload = data?.refundOrder;
      if (payload?.refund) {
        showToast(
          payload.refund.status === 'pending'
            ? `Refund of ${formatMoney(payload.refund.amountCents)} for order #${shortId(order.id)} sent, awaiting Paystack`
            : `Refunded ${formatMoney(payload.refund.amountCents)} for order #${shortId(order.id)}`,
          { variant: 'success' },
        );
      } else {
        showToast(payload?.errors[0]?.message ?? 'The refund could not be made', { variant: 'error' });
      }
    } catch (error) {
      showToast(serverMessageOr(error, 'The refund could not be made'), { variant: 'error' });
    }
    onClose();
  }
  return (
    <ConfirmDialog
      open={order !== null}
      title="Refund the extra payment"
      confirmLabel="Refund"
      busy={loading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {order ? (
        <p>
          Send {formatMoney(order.refundNeededCents)} back to {order.recipientName} for order #{shortId(order.id)}? It
          was paid after the order was cancelled or its stock went, or twice.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

function OrderStatusDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  const titleId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [updateStatus, { loading }] = useUpdateOrderStatusMutation();
  const { showToast } = useToast();
  const status = chosen ?? order?.status ?? 'pending';

  function close() {
    setChosen(null);
    setFailure('');
    onClose();
  }

  async function save() {
    if (!order) return;
    setFailure('');
    try {
      const { data } = await updateStatus({
        variables: { id: order.id, status },
        // The stats move with the status (the dashboard, not mounted here, reloads when opened).
        refetchQueries: ['AdminOrders', 'OrderStatusChanges'],
        awaitRefetchQueries: true,
      });
      const payload = data?.updateOrderStatus;
      if (!payload?.order) {
        setFailure(payload?.errors[0]?.message ?? STATUS_FAILED);
        return;
      }
      showToast(`Order #${shortId(order.id)} is now ${statusLabel(payload.order.status).toLowerCase()}`, {
        variant: 'success',
      });
      close();
    } catch (error) {
      setFailure(serverMessageOr(error, STATUS_FAILED));
    }
  }

  return (
    <Modal open={order !== null} onClose={close} labelledBy={titleId} className="admin-dialog">
      <h2 id={titleId}>Update Order Status</h2>
      {order ? (
        <>
          <p>
            Order #{shortId(order.id)} for {order.recipientName}, {formatMoney(order.totalCents)}
          </p>
          <fieldset>
            <legend>Status</legend>
            {ORDER_STATUSES.map((option) => (
              <label key={option} className="admin-form__check">
                <input
                  type="radio"
                  name="order-status"
                  value={option}
                  checked={status === option}
                  onChange={() => setChosen(option)}
                />
                {statusLabel(option)}
              </label>
            ))}
          </fieldset>
          {failure ? (
            <p role="alert" className="admin-error">
              {failure}
            </p>
          ) : null}
          <StatusHistory orderId={order.id} />
        </>
      ) : null}
      <div className="admin-dialog__actions">
        <button type="button" className="button button--outline" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => void save()} disabled={loading}>
          Save
        </button>
      </div>
    </Modal>
  );
}

/** Every status change of the order: who made it, when, from and to (recorded by the server). */
function StatusHistory({ orderId }: { orderId: string }) {
  const headingId = useId();
  const { data, error } = useOrderStatusChangesQuery({ variables: { orderId }, fetchPolicy: 'cache-and-network' });
  const changes = data?.orderStatusChanges;
  return (
    <section aria-labelledby={headingId} className="admin-history">
      <h3 id={headingId}>History</h3>
      {error ? <p className="muted">The history could not be loaded.</p> : null}
      {changes && changes.length === 0 ? <p className="muted">No status changes yet.</p> : null}
      {changes && changes.length > 0 ? (
        <ol>
          {changes.map((change) => (
            <li key={change.id}>
              {statusLabel(change.fromStatus)} → {statusLabel(change.toStatus)} by {change.changedBy},{' '}
              {formatDateTime(change.changedAt)}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
