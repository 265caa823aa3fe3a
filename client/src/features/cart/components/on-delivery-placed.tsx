import { Link } from 'react-router-dom';
import { formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { OrderEnding } from '../../../shared/orders/order-ending';

/** The ending of a checkout paid on delivery (issue 26): the order stands, the money is paid at the door. */
export function OnDeliveryPlaced({ orderId, totalCents }: { orderId: string; totalCents: number }) {
  return (
    <div className="checkout__result">
      <h3>Thank you for your order!</h3>
      <p role="status">
        Pay <strong>{formatMoney(totalCents)}</strong> when it arrives, by M-Pesa or cash.
      </p>
      <p>
        Order number: <strong>#{shortId(orderId)}</strong>
      </p>
      <OrderEnding orderId={orderId} />
      <Link to="/my-orders" className="button">
        View My Orders
      </Link>
    </div>
  );
}
