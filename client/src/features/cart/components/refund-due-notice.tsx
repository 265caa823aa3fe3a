import { shortId } from '../../../shared/format-order';

/**
 * A payment that arrived after its order was cancelled is flagged for a refund (decision 0065): the shopper is told
 * so in the same words wherever the payment ends (the card's return page, the M-Pesa dialog) and in the e-mail.
 */
export const REFUND_DUE_HEADING = 'Your payment will be refunded';

export function RefundDueMessage({ orderId }: { orderId: string }) {
  return (
    <p role="status">
      Your payment for order <strong>#{shortId(orderId)}</strong> arrived after the order was cancelled, so it will not
      be delivered. We will send the money back to the card or M-Pesa account you paid with and e-mail you when it is
      sent.
    </p>
  );
}
