import { Heading, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { OrderLinks } from './order-summary';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import type { OrderFacts } from './order-facts';

/** Why a payment that arrived cannot pay for its order: the shop cancelled it, or its hold ran out and it sold out. */
export type LatePaymentCause = 'cancelled' | 'sold-out';

export interface PaymentAfterCancelEmailProps {
  order: OrderFacts;
  /** What this payment brought, which all goes back. */
  amountCents: number;
  cause: LatePaymentCause;
}

const whatHappened: Record<LatePaymentCause, string> = {
  cancelled: 'after the order had been cancelled, so it will not be delivered',
  'sold-out': 'after its reservation had run out and the items had sold out, so it cannot be delivered',
};

/**
 * To a shopper whose payment came after the order could no longer be had (decision 0065): the order stays as it is,
 * and the money goes back. Sent instead of the confirmation, never after one.
 */
export function PaymentAfterCancelEmail(props: PaymentAfterCancelEmailProps) {
  const { order } = props;
  const amount = formatKsh(props.amountCents);
  const account = order.paymentMethod === 'card' ? 'card' : 'M-Pesa account';
  return (
    <EmailLayout preview={`Your payment of ${amount} will be refunded`} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Your payment will be refunded
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`Hello ${order.recipientName}, we received your payment of ${amount} for order ${order.orderNumber} ` +
          `${whatHappened[props.cause]}.`}
      </Text>
      <Text style={emailStyles.paragraph}>
        {`We will refund the ${amount} to the ${account} you paid with and e-mail you when it is sent. ` +
          'You do not need to do anything.'}
      </Text>
      <Text style={emailStyles.paragraph}>If you have questions, reply to this e-mail or call us.</Text>
      <OrderLinks order={order} />
    </EmailLayout>
  );
}

export function renderPaymentAfterCancelEmail(props: PaymentAfterCancelEmailProps): Promise<RenderedEmail> {
  return renderEmail(
    `Your payment for cancelled Manukato order ${props.order.orderNumber} will be refunded`,
    <PaymentAfterCancelEmail {...props} />,
  );
}
