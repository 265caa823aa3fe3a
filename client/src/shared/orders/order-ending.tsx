import { formatMoney } from '../format-money';
import { shortId } from '../format-order';
import { useOrderEndingQuery, type OrderEndingQuery } from './order-ending.generated';
import { OrderMoneyLines } from './order-money-lines';
import './order-ending.css';

type EndingOrder = OrderEndingQuery['myOrder'];

const METHOD_TEXT: Record<string, string> = { card: 'Card', mpesa: 'M-Pesa', on_delivery: 'Pay on delivery' };
const STATE_TEXT: Record<string, string> = {
  paid: 'Paid',
  to_collect: 'To pay at the door',
  pending: 'Waiting for the payment',
  failed: 'Not paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

/** What happens next, as the order's payment stands; the channel the shopper chose for updates named. */
function nextStep(order: EndingOrder): string {
  const updates = order.whatsappUpdates ? 'WhatsApp' : 'SMS';
  if (order.status === 'cancelled') return 'This order is cancelled. My Orders shows what happens to any payment.';
  if (order.paymentState === 'to_collect') {
    return `Have ${formatMoney(order.totalCents)} ready for the rider: pay by M-Pesa or cash at the door. We will tell you by ${updates} and e-mail when it is delivered.`;
  }
  if (order.paymentState === 'paid') {
    return `We are preparing your order and will tell you by ${updates} and e-mail when it is delivered.`;
  }
  return 'We are waiting for your payment to be confirmed. My Orders shows it as soon as it is.';
}

/**
 * The one ending of every checkout (issue 26): M-Pesa, card and pay on delivery show the same facts of the order
 * as the server has them: its number, items and sizes, totals, delivery location and estimate, payment state and
 * what happens next. Each ending keeps its own heading above it.
 */
export function OrderEnding({ orderId }: { orderId: string }) {
  const { data, error } = useOrderEndingQuery({ variables: { id: orderId }, fetchPolicy: 'network-only' });
  const order = data?.myOrder;
  if (!order) return error ? null : <p className="muted">Loading your order…</p>;
  return (
    <section className="order-ending" aria-label={`Order #${shortId(order.id)}`}>
      <ul className="order-ending__items" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.name}
              {item.sizeLabel ? ` (${item.sizeLabel})` : ''} × {item.quantity}
            </span>
            <span>{formatMoney(item.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-ending__totals">
        <OrderMoneyLines
          order={order}
          feeLabel="Delivery"
          totalLabel={order.paymentState === 'paid' ? 'Total paid' : 'Total'}
        />
        <dt>Payment</dt>
        <dd>
          {METHOD_TEXT[order.paymentMethod] ?? order.paymentMethod} ·{' '}
          {STATE_TEXT[order.paymentState] ?? order.paymentState}
        </dd>
      </dl>
      <p>
        Delivery to {order.deliveryLocation.name}: {order.deliveryLocation.deliveryTime}.
      </p>
      <p>{nextStep(order)}</p>
    </section>
  );
}
