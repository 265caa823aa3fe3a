import { useId, useState } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { Modal } from '../../../shared/ui/modal';
import { useToast } from '../../../shared/ui/use-toast';
import { statusLabel } from '../admin-format';
import { useUpdateOrderStatusMutation } from '../api/orders.generated';
import { OrderStatusHistory } from './order-status-history';

/** What the dialog shows of the order it changes. */
export interface StatusChangeOrder {
  id: string;
  status: string;
  recipientName: string;
  totalCents: number;
}

// SPEC §4: any of the three, in any order.
const ORDER_STATUSES = ['pending', 'delivered', 'cancelled'] as const;
const STATUS_FAILED = 'Failed to update order status';

export function OrderStatusDialog({ order, onClose }: { order: StatusChangeOrder | null; onClose: () => void }) {
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
          <OrderStatusHistory orderId={order.id} />
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
