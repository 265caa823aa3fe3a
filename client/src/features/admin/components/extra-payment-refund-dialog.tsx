import { serverMessageOr } from '../../../shared/error-message';
import { formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { useToast } from '../../../shared/ui/use-toast';
import { useRefundOrderMutation } from '../api/orders.generated';
import { ConfirmDialog } from './confirm-dialog';

/** What the dialog shows of the order whose extra payment it sends back. */
export interface ExtraPaymentOrder {
  id: string;
  recipientName: string;
  refundNeededCents: number;
}

/**
 * "Refund needed" (a payment after the order was cancelled or its stock went, or a second one): one click, confirmed,
 * sends all of that payment back.
 */
export function ExtraPaymentRefundDialog({ order, onClose }: { order: ExtraPaymentOrder | null; onClose: () => void }) {
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
