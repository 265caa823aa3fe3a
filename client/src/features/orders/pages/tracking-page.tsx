import { Link, useParams } from 'react-router-dom';
import { useOrderTrackingQuery } from '../api/order-tracking.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { FulfilmentSteps } from '../../../shared/orders/fulfilment-steps';
import { PageMeta } from '../../../shared/ui/page-meta';
import '../orders.css';

/**
 * The page every order message links to (issue 27): no sign-in, since the unguessable link is the key, and nothing
 * on it says where the parcel goes or whose it is. Read fresh each time: the rider may have moved since.
 */
export function TrackingPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { data, loading, error } = useOrderTrackingQuery({ variables: { token }, fetchPolicy: 'network-only' });
  const tracking = data?.orderTracking;

  if (!tracking) {
    return (
      <div className="page tracking">
        <PageMeta title="Track your order" noIndex />
        <h1>Track your order</h1>
        {loading ? (
          <p role="status">Loading…</p>
        ) : error ? (
          <p role="alert">{serverMessageOr(error, 'Could not load this order. Please try again.')}</p>
        ) : (
          <p role="alert">
            We could not find this order. Check the link in your message, or see <Link to="/my-orders">My Orders</Link>.
          </p>
        )}
      </div>
    );
  }
  const out = tracking.stage === 'out_for_delivery';
  return (
    <div className="page tracking">
      <PageMeta title={`Order ${tracking.orderNumber}`} noIndex />
      <h1>Order {tracking.orderNumber}</h1>
      <p className="tracking__stage" role="status">
        {tracking.stageLabel}
      </p>
      {out && tracking.riderPhone ? (
        <p className="tracking__carrier">
          Your rider is {tracking.riderName}: <a href={`tel:${tracking.riderPhone}`}>{tracking.riderPhone}</a>
        </p>
      ) : null}
      {out && tracking.courierName ? (
        <p className="tracking__carrier">
          With {tracking.courierName}, tracking number {tracking.trackingNumber}
        </p>
      ) : null}
      <p>
        Delivery to {tracking.deliveryLocation.name}: {tracking.deliveryLocation.deliveryTime}
      </p>
      <h2>Progress</h2>
      <FulfilmentSteps steps={tracking.steps} label="Order progress" />
      <h2>In this order</h2>
      <ul className="tracking__lines">
        {tracking.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      <p>
        Questions? <Link to="/contact">Contact us</Link>.
      </p>
    </div>
  );
}
