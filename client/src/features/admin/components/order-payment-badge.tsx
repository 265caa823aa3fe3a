import { formatDateTime } from '../../../shared/format-date';
import { formatMoney } from '../../../shared/format-money';
import { channelLabel, paymentStateLabel } from '../admin-format';
import { StatusBadge } from './status-badge';

/** What the badge shows of an order's payment. */
export interface OrderPayment {
  paymentStatus: string;
  paymentState: string;
  paymentMethod: string;
  refundedCents: number;
  refundNeededCents: number;
  /** Cash taken at the door for an order paid on delivery, and the admin who recorded it. */
  cashReceivedAt?: string | null;
  cashReceivedBy?: string | null;
}

// An unpaid pending order must not read like a paid one; refunds and money still owed back show beside it.
export function OrderPaymentBadge({ order }: { order: OrderPayment }) {
  return (
    <>
      <StatusBadge status={order.paymentStatus}>{paymentStateLabel(order.paymentState)}</StatusBadge>{' '}
      <span className="muted">{channelLabel(order.paymentMethod)}</span>
      {order.cashReceivedAt ? (
        <span className="muted">
          {' '}
          · cash received {formatDateTime(order.cashReceivedAt)}
          {order.cashReceivedBy ? ` by ${order.cashReceivedBy}` : ''}
        </span>
      ) : null}
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
