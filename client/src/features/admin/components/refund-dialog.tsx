import { useId, useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDateTime } from '../../../shared/format-date';
import { formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { Modal } from '../../../shared/ui/modal';
import { useToast } from '../../../shared/ui/use-toast';
import { refundStatusLabel, shillingsToCents } from '../admin-format';
import { useOrderRefundsQuery, useRefundOrderMutation, type OrderRefundsQuery } from '../api/orders.generated';

export interface RefundableOrder {
  id: string;
  recipientName: string;
  totalCents: number;
  refundedCents: number;
}

const REFUND_FAILED = 'The refund could not be made';

/** Cents as the amount box shows them: '4,475.00' (the label says Ksh). */
function amountText(cents: number): string {
  return formatMoney(cents).replace(/^Ksh /, '');
}

/**
 * Money back through Paystack: the amount (what is left by default), why, and whether the stock goes back,
 * asked twice (the form, then a confirmation naming the amount). The server decides what is refundable; this
 * form only proposes. The order's refunds are listed with their status.
 */
export function RefundDialog({ order, onClose }: { order: RefundableOrder | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open={order !== null} onClose={onClose} labelledBy={titleId} className="admin-dialog">
      <h2 id={titleId}>Refund Order</h2>
      {order ? <RefundForm key={order.id} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

/** Waits for the server's figure of what is left to refund (pending refunds count): the form proposes that. */
function RefundForm({ order, onClose }: { order: RefundableOrder; onClose: () => void }) {
  const { data, error } = useOrderRefundsQuery({ variables: { orderId: order.id }, fetchPolicy: 'cache-and-network' });
  if (!data) {
    return error ? (
      <p role="alert" className="admin-error">
        What is left to refund could not be loaded.
      </p>
    ) : (
      <p className="muted">Loading…</p>
    );
  }
  return (
    <RefundAmountForm
      order={order}
      remainder={data.orderRefundableCents}
      refunds={data.orderRefunds}
      onClose={onClose}
    />
  );
}

function RefundAmountForm({
  order,
  remainder,
  refunds,
  onClose,
}: {
  order: RefundableOrder;
  remainder: number;
  refunds: OrderRefundsQuery['orderRefunds'];
  onClose: () => void;
}) {
  const ids = { amount: useId(), reason: useId(), restock: useId(), problem: useId(), refunds: useId() };
  const [amount, setAmount] = useState(amountText(remainder));
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [refundOrder, { loading }] = useRefundOrderMutation();
  const { showToast } = useToast();

  function review(event: FormEvent) {
    event.preventDefault();
    const cents = shillingsToCents(amount);
    if (cents === null || cents <= 0) return setProblem('Enter an amount in shillings, such as 1,250.00.');
    if (cents > remainder) return setProblem(`At most ${formatMoney(remainder)} is left to refund.`);
    if (!reason.trim()) return setProblem('Say why the money goes back.');
    setProblem('');
    setConfirming(cents);
  }

  async function send(cents: number) {
    try {
      const { data } = await refundOrder({
        variables: { orderId: order.id, amountCents: cents, reason: reason.trim(), restock },
        refetchQueries: ['AdminOrders', 'OrderRefunds'],
        awaitRefetchQueries: true,
      });
      const payload = data?.refundOrder;
      if (!payload?.refund) {
        setConfirming(null);
        setProblem(payload?.errors[0]?.message ?? REFUND_FAILED);
        return;
      }
      // Pending: Paystack has not said yet (or its answer was lost); the amount stays reserved until it does.
      showToast(
        payload.refund.status === 'pending'
          ? `Refund of ${formatMoney(payload.refund.amountCents)} for order #${shortId(order.id)} sent, awaiting Paystack`
          : `Refunded ${formatMoney(payload.refund.amountCents)} for order #${shortId(order.id)}`,
        { variant: 'success' },
      );
      onClose();
    } catch (error) {
      setConfirming(null);
      setProblem(serverMessageOr(error, REFUND_FAILED));
    }
  }

  if (confirming !== null) {
    return (
      <>
        <p>
          Refund {formatMoney(confirming)} of order #{shortId(order.id)} to {order.recipientName}
          {restock ? ', and put its stock back' : ''}? Paystack sends the money back; this cannot be undone.
        </p>
        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline" onClick={() => setConfirming(null)}>
            Back
          </button>
          <button type="button" className="button" disabled={loading} onClick={() => void send(confirming)}>
            Confirm refund
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      <p>
        Order #{shortId(order.id)} for {order.recipientName}: paid {formatMoney(order.totalCents)}, refunded{' '}
        {formatMoney(order.refundedCents)}.
      </p>
      <form className="admin-form" onSubmit={review} noValidate aria-describedby={problem ? ids.problem : undefined}>
        <div>
          <label htmlFor={ids.amount}>Amount (Ksh)</label>
          <input
            id={ids.amount}
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.reason}>Reason</label>
          <textarea
            id={ids.reason}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <label htmlFor={ids.restock} className="admin-form__check">
          <input
            id={ids.restock}
            type="checkbox"
            checked={restock}
            onChange={(event) => setRestock(event.target.checked)}
          />
          Put the order&apos;s stock back
        </label>
        {problem ? (
          <p id={ids.problem} role="alert" className="admin-error">
            {problem}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={remainder === 0}>
            Refund
          </button>
        </div>
      </form>
      <RefundList refunds={refunds} />
    </>
  );
}

/** The order's refunds, newest first, with what Paystack made of each. */
function RefundList({ refunds }: { refunds: OrderRefundsQuery['orderRefunds'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="admin-history">
      <h3 id={headingId}>Refunds</h3>
      {refunds.length === 0 ? <p className="muted">No refunds yet.</p> : null}
      {refunds.length > 0 ? (
        <ul>
          {refunds.map((refund) => (
            <li key={refund.id}>
              {formatMoney(refund.amountCents)}, {refundStatusLabel(refund.status)}: {refund.reason}
              {refund.restock ? ' (stock put back)' : ''}, {formatDateTime(refund.createdAt)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
