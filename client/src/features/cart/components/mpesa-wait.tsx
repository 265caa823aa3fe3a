import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useOrderPaymentQuery } from '../api/checkout.generated';
import { discountLabel, formatDiscount, formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { REFUND_DUE_HEADING, RefundDueMessage } from './refund-due-notice';
import { OrderEnding } from '../../../shared/orders/order-ending';

/** How often the page asks how the payment stands; the server verifies with Paystack when it waits long. */
export const POLL_MS = 2_000;
/** After this long without an answer from the phone the shopper is offered the same choices as a failure. */
export const GIVE_UP_MS = 120_000;

interface MpesaWaitProps {
  orderId: string;
  amountCents: number;
  /** The order's discount, shown with the confirmation. */
  discount?: { code: string | null; cents: number } | null;
  /** The payment ended without money (declined, cancelled, timed out on the phone): the order is gone. */
  onFailed: () => void;
  /** The payment ended: the cart changed on the server. */
  onSettled: () => void;
  onTryAgain: () => void;
  onPayByCard: () => void;
}

/** The wait for the shopper to approve an M-Pesa prompt, polled until the webhook or a verify settles it. */
export function MpesaWait({
  orderId,
  amountCents,
  discount,
  onFailed,
  onSettled,
  onTryAgain,
  onPayByCard,
}: MpesaWaitProps) {
  const [timedOut, setTimedOut] = useState(false);
  const [ended, setEnded] = useState(false);
  const { data } = useOrderPaymentQuery({
    variables: { orderId },
    fetchPolicy: 'network-only',
    // Asked until the payment ends, then never again: the outcome shown stays, whatever the order becomes later.
    pollInterval: timedOut || ended ? 0 : POLL_MS,
  });
  const payment = data?.orderPayment;
  // Money taken for an order cancelled meanwhile (an admin cancelled it while the prompt was open) goes back: never
  // the confirmation (decision 0065).
  const status = payment?.status === 'completed' && payment.refundDue ? 'refund-due' : (payment?.status ?? 'pending');
  const settled = status !== 'pending';
  // Noted while rendering (React's "information from previous renders"), so the next poll is not even scheduled.
  if (settled && !ended) setEnded(true);

  useEffect(() => {
    if (settled) return undefined;
    const timer = setTimeout(() => setTimedOut(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [settled]);

  // Each outcome is reported once, whatever re-renders follow.
  const reported = useRef('pending');
  useEffect(() => {
    if (status === reported.current) return;
    reported.current = status;
    if (status === 'failed') onFailed();
    if (status !== 'pending') onSettled();
  }, [status, onFailed, onSettled]);

  const choices = (
    <div className="checkout__buttons">
      <button type="button" className="button" onClick={onTryAgain}>
        Try again
      </button>
      <button type="button" className="button button--outline" onClick={onPayByCard}>
        Pay with card instead
      </button>
    </div>
  );

  if (status === 'refund-due') {
    return (
      <div className="checkout__result">
        <h3>{REFUND_DUE_HEADING}</h3>
        <RefundDueMessage orderId={orderId} />
        <Link to="/my-orders" className="button">
          View My Orders
        </Link>
      </div>
    );
  }
  if (status === 'completed') {
    return (
      <div className="checkout__result">
        <h3>Thank you for your purchase!</h3>
        <p role="status">Your order has been confirmed and will be shipped soon.</p>
        <p>
          Order number: <strong>#{shortId(orderId)}</strong>
        </p>
        {discount ? (
          <p>
            {discountLabel(discount.code)}: <strong>{formatDiscount(discount.cents)}</strong>
          </p>
        ) : null}
        <OrderEnding orderId={orderId} />
        <Link to="/my-orders" className="button">
          View My Orders
        </Link>
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="checkout__result">
        <p role="alert" className="checkout__error">
          Payment failed: {payment?.reason ?? 'the payment was not completed.'}
        </p>
        {choices}
      </div>
    );
  }
  return (
    <div className="checkout__result">
      <p className="checkout__approve">
        <strong>Approve {formatMoney(amountCents)} on your phone</strong>
      </p>
      <p aria-live="polite" className="checkout__live">
        {timedOut ? (
          'We have not heard from your phone yet. If the prompt did not arrive, try again or pay by card.'
        ) : (
          <>
            <span className="spinner" aria-hidden="true" /> Waiting for your approval on the M-Pesa prompt…
          </>
        )}
      </p>
      {timedOut ? choices : null}
    </div>
  );
}
