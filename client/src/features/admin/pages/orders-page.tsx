import { useId, useState } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDateTime } from '../../../shared/format-date';
import { discountLabel, formatDiscount, formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useAdminOrdersQuery, type AdminOrdersQuery } from '../api/orders.generated';
import { AdminList, Pager, SearchToolbar } from '../components/admin-list';
import { DoorPaymentDialog } from '../components/door-payment-dialog';
import { ExtraPaymentRefundDialog } from '../components/extra-payment-refund-dialog';
import { FulfilmentDialog } from '../components/fulfilment-dialog';
import { canFulfil } from '../fulfilment-order';
import { OrderPaymentBadge } from '../components/order-payment-badge';
import { OrderStatusDialog } from '../components/order-status-dialog';
import { RefundDialog } from '../components/refund-dialog';
import { usePagedListSearch } from '../components/use-list-search';
import { StatCards } from '../components/stat-cards';
import { useCan } from '../../../shared/session/use-permissions';
import { StatusBadge } from '../components/status-badge';

type AdminOrder = AdminOrdersQuery['adminOrders']['orders'][number];

const PAYMENT_FILTERS = [
  ['', 'All payments'],
  ['paid', 'Paid'],
  ['pending', 'Unpaid'],
  ['failed', 'Failed'],
  ['refunded', 'Refunded'],
  ['refund_needed', 'Refund needed'],
  ['to_collect', 'To collect at the door'],
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
  const [collecting, setCollecting] = useState<AdminOrder | null>(null);
  const [fulfilling, setFulfilling] = useState<AdminOrder | null>(null);
  const filterId = useId();
  // Refunds are the manager's and the owner's (decision 0102): staff do not see the buttons.
  const canRefund = useCan()('REFUNDS');

  const actions = (order: AdminOrder) => (
    <>
      {statusButton(order)}
      {canFulfil(order) ? (
        <button
          type="button"
          className="button"
          aria-label={`Fulfil order ${shortId(order.id)}`}
          onClick={() => setFulfilling(order)}
        >
          Fulfil
        </button>
      ) : null}
      {order.paymentState === 'to_collect' ? (
        <button
          type="button"
          className="button"
          aria-label={`Collect payment for order ${shortId(order.id)}`}
          onClick={() => setCollecting(order)}
        >
          Collect payment
        </button>
      ) : null}
      {canRefund && order.paymentStatus === 'completed' && order.paymentState !== 'refunded' ? (
        <button
          type="button"
          className="button button--outline"
          aria-label={`Refund order ${shortId(order.id)}`}
          onClick={() => setRefunding(order)}
        >
          Refund
        </button>
      ) : null}
      {canRefund && order.refundNeededCents > 0 ? (
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
            {
              title: 'To collect at the door',
              value: `${formatMoney(list.stats.toCollectCents)} (${list.stats.toCollect})`,
            },
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
              <StatusBadge status={order.status} /> <OrderPaymentBadge order={order} />
            </p>
            {order.status === 'pending' ? <p className="muted">{order.stageLabel}</p> : null}
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
              <td>
                {order.items
                  .map((item) => `${item.name}${item.sizeLabel ? ` (${item.sizeLabel})` : ''} × ${item.quantity}`)
                  .join(', ')}
              </td>
              <td>
                {formatMoney(order.totalCents)}
                {discountLine(order)}
              </td>
              <td>{formatDateTime(order.createdAt)}</td>
              <td>
                <OrderPaymentBadge order={order} />
              </td>
              <td>
                <StatusBadge status={order.status} />
                {/* Where a pending order is on its way; delivered and cancelled say all in the badge. */}
                {order.status === 'pending' ? (
                  <>
                    <br />
                    <span className="muted">{order.stageLabel}</span>
                  </>
                ) : null}
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
      <ExtraPaymentRefundDialog order={refundingExtra} onClose={() => setRefundingExtra(null)} />
      <DoorPaymentDialog order={collecting} onClose={() => setCollecting(null)} />
      <FulfilmentDialog order={fulfilling} onClose={() => setFulfilling(null)} />
    </section>
  );
}
