import { useId } from 'react';
import { formatDateTime } from '../../../shared/format-date';
import { statusLabel } from '../admin-format';
import { useOrderStatusChangesQuery } from '../api/orders.generated';

/** Every status change of the order: who made it, when, from and to (recorded by the server). */
export function OrderStatusHistory({ orderId }: { orderId: string }) {
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
