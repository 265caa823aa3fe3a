import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useVerifyPaymentMutation } from '../api/checkout.generated';
import { CartDocument } from '../../../shared/cart/cart.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { shortId } from '../../../shared/format-order';
import { PageMeta } from '../../../shared/ui/page-meta';
import { REFUND_DUE_HEADING, RefundDueMessage } from '../components/refund-due-notice';
import { OrderEnding } from '../../../shared/orders/order-ending';
import '../cart.css';

const PAYMENT_FAILED = 'Payment processing failed';

type Outcome =
  | { state: 'checking' }
  | { state: 'completed'; orderId: string | null }
  | { state: 'pending' }
  // Paid, but the order had been cancelled meanwhile: the money goes back (decision 0065).
  | { state: 'refund-due'; orderId: string }
  | { state: 'failed'; message: string | null };

// The payment provider sends the shopper back here with ?reference=…; the server asks the provider what
// happened. SPEC §2's success view lives here, since the modal's page is gone by the time payment is done.
export function CheckoutCallbackPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference')?.trim() ?? '';
  const client = useApolloClient();
  const [verifyPayment] = useVerifyPaymentMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    reference ? { state: 'checking' } : { state: 'failed', message: 'No payment reference was given.' },
  );

  const verify = useCallback(async () => {
    if (!reference) return;
    setOutcome({ state: 'checking' });
    try {
      const { data } = await verifyPayment({ variables: { reference } });
      const result = data?.verifyPayment;
      if (result?.status === 'pending') {
        setOutcome({ state: 'pending' });
        return;
      }
      setOutcome(
        result?.status === 'completed' && result.order?.status === 'cancelled'
          ? { state: 'refund-due', orderId: result.order.id }
          : result?.status === 'completed'
            ? { state: 'completed', orderId: result.order?.id ?? null }
            : { state: 'failed', message: result?.errors[0]?.message ?? null },
      );
      // The cart changed on the server: emptied when the order was made, refilled when the payment failed
      // (possibly by this very check, if Paystack's webhook had not arrived). Re-read it for the header badge.
      await client.query({ query: CartDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
    } catch (error) {
      setOutcome({ state: 'failed', message: serverMessageOr(error, '') || null });
    }
  }, [reference, verifyPayment, client]);

  // Once per reference, even under StrictMode's double effects: verifying twice would only cost a request,
  // but the second answer could briefly flash the 'checking' state.
  const verified = useRef<string | null>(null);
  useEffect(() => {
    if (verified.current === reference) return;
    verified.current = reference;
    void verify();
  }, [reference, verify]);

  return (
    <div className="page checkout-result">
      <PageMeta title="Payment" noIndex />
      {outcome.state === 'checking' ? (
        <>
          <h1>Checking your payment…</h1>
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Please wait while we confirm your payment.
          </p>
        </>
      ) : outcome.state === 'completed' ? (
        <>
          <h1>Thank you for your purchase!</h1>
          <p role="status">Your order has been confirmed and will be shipped soon.</p>
          {outcome.orderId ? (
            <p>
              Order number: <strong>#{shortId(outcome.orderId)}</strong>
            </p>
          ) : null}
          {outcome.orderId ? <OrderEnding orderId={outcome.orderId} /> : null}
          <p>A confirmation SMS has been sent to your phone.</p>
          <AfterPaymentLinks />
        </>
      ) : outcome.state === 'refund-due' ? (
        <>
          <h1>{REFUND_DUE_HEADING}</h1>
          <RefundDueMessage orderId={outcome.orderId} />
          <AfterPaymentLinks />
        </>
      ) : outcome.state === 'pending' ? (
        <>
          <h1>Checking your payment…</h1>
          <p role="status">
            Your payment has not been confirmed yet. If you approved it on your phone, it can take a moment.
          </p>
          <div className="checkout-result__links">
            <button type="button" className="button" onClick={() => void verify()}>
              Check again
            </button>
            <Link to="/my-orders" className="button button--outline">
              My Orders
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1>{PAYMENT_FAILED}</h1>
          <p role="alert">{outcome.message ?? 'Your payment was not completed.'}</p>
          <div className="checkout-result__links">
            <Link to="/cart" className="button">
              Back to Cart
            </Link>
            <Link to="/my-orders" className="button button--outline">
              My Orders
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

/** Where a shopper goes once the payment is settled, paid or going back. */
function AfterPaymentLinks() {
  return (
    <div className="checkout-result__links">
      <Link to="/my-orders" className="button">
        View My Orders
      </Link>
      <Link to="/" className="button button--outline">
        Continue Shopping
      </Link>
    </div>
  );
}
