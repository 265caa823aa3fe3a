import { useId, useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { shortId } from '../../../shared/format-order';
import { FulfilmentSteps } from '../../../shared/orders/fulfilment-steps';
import { Modal } from '../../../shared/ui/modal';
import { useToast } from '../../../shared/ui/use-toast';
import {
  useMarkOrderDeliveredMutation,
  useMarkOrderPackedMutation,
  useMarkOutForDeliveryMutation,
  useOrderStepsQuery,
  useRecordFailedDeliveryMutation,
} from '../api/orders.generated';

export interface FulfilmentOrder {
  id: string;
  status: string;
  fulfilmentStage: string;
  stageLabel: string;
  paymentState: string;
  riderName?: string | null;
  riderPhone?: string | null;
}

interface StepAnswer {
  order?: { id: string } | null;
  errors: { field: string; message: string }[];
}

const STEP_FAILED = 'The order could not be updated';

/**
 * From paid to the doorstep (issue 27): the order's steps so far with who took each, and the next one — packed,
 * out for delivery with a rider or a courier, a failed attempt with a new date, delivered. The server decides
 * whether a step may be taken and tells the shopper; the dialog shows its answer.
 */
export function FulfilmentDialog({ order, onClose }: { order: FulfilmentOrder | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open={order !== null} onClose={onClose} labelledBy={titleId} className="admin-dialog">
      <h2 id={titleId}>Fulfil order {order ? `#${shortId(order.id)}` : ''}</h2>
      {order ? <Fulfilment key={order.id} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

/** Today in Nairobi as YYYY-MM-DD, the date input's first choice for a new attempt. */
function nairobiDate(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

function Fulfilment({ order, onClose }: { order: FulfilmentOrder; onClose: () => void }) {
  const ids = {
    problem: useId(),
    carrier: useId(),
    riderName: useId(),
    riderPhone: useId(),
    courierName: useId(),
    trackingNumber: useId(),
    reason: useId(),
    date: useId(),
  };
  const { data } = useOrderStepsQuery({ variables: { search: order.id }, fetchPolicy: 'network-only' });
  const steps = data?.adminOrders.orders.find((each) => each.id === order.id)?.steps;
  const [problem, setProblem] = useState('');
  const [byCourier, setByCourier] = useState(false);
  const [carrier, setCarrier] = useState({ riderName: '', riderPhone: '', courierName: '', trackingNumber: '' });
  const [failure, setFailure] = useState({ reason: '', nextAttemptOn: nairobiDate(1) });
  const [packed, { loading: packing }] = useMarkOrderPackedMutation();
  const [out, { loading: sending }] = useMarkOutForDeliveryMutation();
  const [failed, { loading: recording }] = useRecordFailedDeliveryMutation();
  const [delivered, { loading: delivering }] = useMarkOrderDeliveredMutation();
  const busy = packing || sending || recording || delivering;
  const { showToast } = useToast();
  const refetch = { refetchQueries: ['AdminOrders'], awaitRefetchQueries: true };

  async function take(work: () => Promise<StepAnswer | undefined>, done: string) {
    setProblem('');
    try {
      const answer = await work();
      if (!answer?.order) return setProblem(answer?.errors[0]?.message ?? STEP_FAILED);
      showToast(`Order #${shortId(order.id)}: ${done}`, { variant: 'success' });
      onClose();
    } catch (error) {
      setProblem(serverMessageOr(error, STEP_FAILED));
    }
  }

  const sendOut = (event: FormEvent) => {
    event.preventDefault();
    const input = byCourier
      ? { courierName: carrier.courierName, trackingNumber: carrier.trackingNumber }
      : { riderName: carrier.riderName, riderPhone: carrier.riderPhone };
    void take(
      async () => (await out({ variables: { orderId: order.id, input }, ...refetch })).data?.markOutForDelivery,
      'out for delivery',
    );
  };
  const recordFailure = (event: FormEvent) => {
    event.preventDefault();
    void take(
      async () =>
        (await failed({ variables: { orderId: order.id, input: failure }, ...refetch })).data?.recordFailedDelivery,
      'failed attempt recorded',
    );
  };
  const field = (id: string, label: string, value: string, set: (value: string) => void, type = 'text') => (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        aria-describedby={problem ? ids.problem : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </>
  );
  const stage = order.fulfilmentStage;

  return (
    <>
      <p>
        Now: <strong>{order.stageLabel}</strong>
      </p>
      {steps ? <FulfilmentSteps steps={steps} label={`Order ${shortId(order.id)} steps`} /> : null}
      {problem ? (
        <p id={ids.problem} role="alert" className="admin-error">
          {problem}
        </p>
      ) : null}
      {stage === 'unfulfilled' ? (
        <div className="admin-dialog__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void take(
                async () => (await packed({ variables: { orderId: order.id }, ...refetch })).data?.markOrderPacked,
                'packed',
              )
            }
          >
            Mark packed
          </button>
        </div>
      ) : null}
      {stage === 'packed' || stage === 'delivery_failed' ? (
        <form noValidate onSubmit={sendOut} className="admin-form">
          <fieldset>
            <legend>Who takes it</legend>
            <label>
              <input type="radio" name={ids.carrier} checked={!byCourier} onChange={() => setByCourier(false)} /> Our
              rider
            </label>
            <label>
              <input type="radio" name={ids.carrier} checked={byCourier} onChange={() => setByCourier(true)} /> A
              courier (outside Nairobi)
            </label>
          </fieldset>
          {byCourier ? (
            <>
              {field(ids.courierName, 'Courier', carrier.courierName, (courierName) =>
                setCarrier({ ...carrier, courierName }),
              )}
              {field(ids.trackingNumber, 'Tracking number', carrier.trackingNumber, (trackingNumber) =>
                setCarrier({ ...carrier, trackingNumber }),
              )}
            </>
          ) : (
            <>
              {field(ids.riderName, "Rider's name", carrier.riderName, (riderName) =>
                setCarrier({ ...carrier, riderName }),
              )}
              {field(
                ids.riderPhone,
                "Rider's phone",
                carrier.riderPhone,
                (riderPhone) => setCarrier({ ...carrier, riderPhone }),
                'tel',
              )}
            </>
          )}
          <div className="admin-dialog__actions">
            <button type="submit" className="button" disabled={busy}>
              Send out for delivery
            </button>
          </div>
        </form>
      ) : null}
      {stage === 'out_for_delivery' ? (
        <>
          {order.paymentState === 'to_collect' ? (
            <p className="muted">Collect the payment at the door first (Collect payment), then mark it delivered.</p>
          ) : null}
          <div className="admin-dialog__actions">
            <button
              type="button"
              className="button"
              disabled={busy || order.paymentState === 'to_collect'}
              onClick={() =>
                void take(
                  async () =>
                    (await delivered({ variables: { orderId: order.id }, ...refetch })).data?.markOrderDelivered,
                  'delivered',
                )
              }
            >
              Mark delivered
            </button>
          </div>
          <form noValidate onSubmit={recordFailure} className="admin-form">
            <h3>Delivery failed?</h3>
            {field(ids.reason, 'What happened', failure.reason, (reason) => setFailure({ ...failure, reason }))}
            {field(
              ids.date,
              'Try again on',
              failure.nextAttemptOn,
              (nextAttemptOn) => setFailure({ ...failure, nextAttemptOn }),
              'date',
            )}
            <div className="admin-dialog__actions">
              <button type="submit" className="button button--outline" disabled={busy}>
                Record failed attempt
              </button>
            </div>
          </form>
        </>
      ) : null}
    </>
  );
}
