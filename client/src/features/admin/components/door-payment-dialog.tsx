import { useId, useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { Modal } from '../../../shared/ui/modal';
import { useToast } from '../../../shared/ui/use-toast';
import {
  useDoorOrderPaymentQuery,
  useRecordCashPaymentMutation,
  useRequestDeliveryPaymentMutation,
} from '../api/orders.generated';

export interface DoorOrder {
  id: string;
  recipientName: string;
  recipientPhone: string;
  totalCents: number;
}

/** How often the dialog asks whether the prompted phone has paid. */
export const DOOR_POLL_MS = 3000;
const REQUEST_FAILED = 'The M-Pesa prompt could not be sent';
const CASH_FAILED = 'The cash could not be recorded';

/**
 * At the door (issue 26), for an order paid on delivery: prompt the recipient's phone to pay by M-Pesa (another
 * number if they pay from one) and watch until it is paid, or record the cash the rider took, asked twice. The
 * server decides whether the order can still be paid and records who recorded the cash, and when.
 */
export function DoorPaymentDialog({ order, onClose }: { order: DoorOrder | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open={order !== null} onClose={onClose} labelledBy={titleId} className="admin-dialog">
      <h2 id={titleId}>Collect payment</h2>
      {order ? <DoorPayment key={order.id} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

function DoorPayment({ order, onClose }: { order: DoorOrder; onClose: () => void }) {
  const ids = { phone: useId(), problem: useId() };
  const [phone, setPhone] = useState(order.recipientPhone);
  const [problem, setProblem] = useState('');
  const [prompted, setPrompted] = useState(false);
  const [confirmingCash, setConfirmingCash] = useState(false);
  const [requestPayment, { loading: requesting }] = useRequestDeliveryPaymentMutation();
  const [recordCash, { loading: recording }] = useRecordCashPaymentMutation();
  const { showToast } = useToast();
  const { data } = useDoorOrderPaymentQuery({
    variables: { search: order.id },
    skip: !prompted,
    pollInterval: DOOR_POLL_MS,
    fetchPolicy: 'network-only',
  });
  const paid = data?.adminOrders.orders.find((each) => each.id === order.id)?.paymentState === 'paid';

  async function prompt(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    try {
      const { data: answer } = await requestPayment({ variables: { orderId: order.id, phone: phone.trim() || null } });
      const payload = answer?.requestDeliveryPayment;
      if (!payload?.charge) return setProblem(payload?.errors[0]?.message ?? REQUEST_FAILED);
      setPrompted(true);
    } catch (error) {
      setProblem(serverMessageOr(error, REQUEST_FAILED));
    }
  }

  async function takeCash() {
    setProblem('');
    try {
      const { data: answer } = await recordCash({ variables: { orderId: order.id }, refetchQueries: ['AdminOrders'] });
      const payload = answer?.recordCashPayment;
      if (!payload?.order) {
        setConfirmingCash(false);
        return setProblem(payload?.errors[0]?.message ?? CASH_FAILED);
      }
      showToast(`Cash of ${formatMoney(order.totalCents)} recorded for order #${shortId(order.id)}`, {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      setConfirmingCash(false);
      setProblem(serverMessageOr(error, CASH_FAILED));
    }
  }

  if (paid) {
    return (
      <>
        <p role="status">
          Paid: {formatMoney(order.totalCents)} for order #{shortId(order.id)} came in by M-Pesa.
        </p>
        <div className="admin-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Done
          </button>
        </div>
      </>
    );
  }

  if (confirmingCash) {
    return (
      <>
        <p>
          Record {formatMoney(order.totalCents)} in cash received from {order.recipientName} for order #
          {shortId(order.id)}? It is recorded under your name.
        </p>
        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline" onClick={() => setConfirmingCash(false)}>
            Back
          </button>
          <button type="button" className="button" disabled={recording} onClick={() => void takeCash()}>
            Yes, cash received
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      <p>
        Order #{shortId(order.id)} for {order.recipientName}: <strong>{formatMoney(order.totalCents)}</strong> to
        collect.
      </p>
      {problem ? (
        <p id={ids.problem} role="alert" className="admin-error">
          {problem}
        </p>
      ) : null}
      {prompted ? (
        <p role="status" aria-live="polite">
          Waiting for the customer to approve {formatMoney(order.totalCents)} on their phone…
        </p>
      ) : null}
      <form noValidate onSubmit={prompt} className="admin-form">
        <label htmlFor={ids.phone}>M-Pesa number</label>
        <input
          id={ids.phone}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(event) => setPhone(event.target.value)}
        />
        <div className="admin-dialog__actions">
          <button type="submit" className="button" disabled={requesting}>
            {prompted ? 'Send the prompt again' : 'Request M-Pesa payment'}
          </button>
          <button type="button" className="button button--outline" onClick={() => setConfirmingCash(true)}>
            Record cash received
          </button>
        </div>
      </form>
    </>
  );
}
