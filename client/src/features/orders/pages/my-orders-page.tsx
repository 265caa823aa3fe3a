import { useState } from 'react';
import { useMyOrdersQuery, type MyOrdersQuery } from '../api/my-orders.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDate } from '../../../shared/format-date';
import { formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { PageMeta } from '../../../shared/ui/page-meta';
import { OrderMoneyLines } from '../../../shared/orders/order-money-lines';
import { FulfilmentSteps } from '../../../shared/orders/fulfilment-steps';
import { Link } from 'react-router-dom';
import '../orders.css';

type Order = MyOrdersQuery['myOrders'][number];

const paymentStateText: Record<string, string> = {
  pending: 'Payment pending',
  to_collect: 'Pay the rider on delivery',
  paid: 'Paid',
  failed: 'Payment failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

const methodText: Record<string, string> = { card: 'Card', mpesa: 'M-Pesa', on_delivery: 'Pay on delivery' };

export function MyOrdersPage() {
  // Always ask: a payment may have completed since the list was last read.
  const { data, loading, error } = useMyOrdersQuery({ fetchPolicy: 'cache-and-network' });
  const [openId, setOpenId] = useState<string | null>(null);
  const orders = data?.myOrders;

  return (
    <div className="page my-orders">
      <PageMeta title="My Orders" noIndex />
      <h1>My Orders</h1>
      <p className="my-orders__links">
        <Link to="/my-addresses">My Addresses</Link>
      </p>
      {!orders ? (
        loading ? (
          <p role="status">Loading your orders…</p>
        ) : (
          <p role="alert">{serverMessageOr(error, 'Failed to fetch orders')}</p>
        )
      ) : orders.length === 0 ? (
        <p>No orders found.</p>
      ) : (
        <ul className="my-orders__list">
          {orders.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              open={openId === order.id}
              onToggle={() => setOpenId((current) => (current === order.id ? null : order.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderRow({ order, open, onToggle }: { order: Order; open: boolean; onToggle: () => void }) {
  const detailsId = `order-${order.id}-details`;
  return (
    <li className="order-row">
      <button
        type="button"
        className="order-row__summary"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={onToggle}
      >
        <span className="order-row__id">Order #{shortId(order.id)}</span>
        <span className="order-row__date">{formatDate(order.createdAt)}</span>
        <span className={`status-badge status-badge--${order.status}`}>{order.stageLabel}</span>
        {order.refundNeededCents > 0 ? <span className="order-row__refund-due">Refund due</span> : null}
        <span className="order-row__total">{formatMoney(order.totalCents)}</span>
      </button>
      {open ? (
        <div
          id={detailsId}
          className="order-row__details"
          role="region"
          aria-label={`Order ${shortId(order.id)} details`}
        >
          <section>
            <h2>Progress</h2>
            <FulfilmentSteps steps={order.steps} label={`Order ${shortId(order.id)} progress`} />
            <p>
              <Link to={`/track/${order.trackingToken}`}>Tracking page for this order</Link>
            </p>
          </section>
          <section>
            <h2>Items</h2>
            <ul className="order-row__items">
              {order.items.map((item) => (
                <li key={item.id}>
                  <span>
                    {item.name}
                    {item.sizeLabel ? <span className="order-row__size"> ({item.sizeLabel})</span> : null}
                  </span>
                  <span>
                    {item.quantity} × {formatMoney(item.unitPriceCents)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2>Shipping Details</h2>
            <dl className="order-row__shipping">
              <dt>Name</dt>
              <dd>{order.recipientName}</dd>
              <dt>Address</dt>
              <dd>{order.shippingAddress}</dd>
              <dt>City</dt>
              <dd>{order.shippingCity}</dd>
              <dt>Postal Code</dt>
              <dd>{order.shippingPostalCode}</dd>
              <dt>Phone</dt>
              <dd>{order.recipientPhone}</dd>
              <dt>Email</dt>
              <dd>{order.recipientEmail}</dd>
              <dt>Delivery</dt>
              <dd>{order.deliveryLocation.name}</dd>
              <dt>Payment</dt>
              <dd>
                {methodText[order.paymentMethod] ?? 'M-Pesa'} ·{' '}
                {paymentStateText[order.paymentState] ?? order.paymentState}
              </dd>
            </dl>
          </section>
          <dl className="order-row__totals">
            <OrderMoneyLines order={order} feeLabel="Shipping" />
            {order.refundedCents > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd>{formatMoney(order.refundedCents)}</dd>
              </>
            ) : null}
            {order.refundNeededCents > 0 ? (
              <>
                <dt>Refund due</dt>
                <dd>{formatMoney(order.refundNeededCents)}</dd>
              </>
            ) : null}
          </dl>
          {order.refundNeededCents > 0 ? (
            // A payment the shop could not use (it came after the order was cancelled, or twice): it goes back.
            <p className="order-row__note">
              We are sending {formatMoney(order.refundNeededCents)} back to the{' '}
              {order.paymentMethod === 'card' ? 'card' : 'M-Pesa account'} you paid with, and will e-mail you when it is
              sent.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
