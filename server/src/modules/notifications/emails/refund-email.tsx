import { Heading, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { OrderLinks } from './order-summary';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import type { OrderFacts } from './order-facts';

export interface RefundEmailProps {
  order: OrderFacts;
  amountCents: number;
  /** Everything the order cost has now gone back. */
  full: boolean;
}

export function RefundEmail(props: RefundEmailProps) {
  const { order } = props;
  const amount = formatKsh(props.amountCents);
  return (
    <EmailLayout preview={`${amount} refunded for order ${order.orderNumber}`} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        {props.full ? 'Your order has been refunded' : 'Part of your order has been refunded'}
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`Hello ${order.recipientName}, we have refunded ${amount} for order ${order.orderNumber} ` +
          `(${props.full ? 'a full refund' : `a partial refund of the ${formatKsh(order.totalCents)} you paid`}) ` +
          `to the ${order.paymentMethod === 'card' ? 'card' : 'M-Pesa account'} you paid with.`}
      </Text>
      <Text style={emailStyles.paragraph}>Depending on your bank or M-Pesa it can take 5-7 business days to show.</Text>
      <OrderLinks order={order} />
    </EmailLayout>
  );
}

export function renderRefundEmail(props: RefundEmailProps): Promise<RenderedEmail> {
  return renderEmail(
    `Refund of ${formatKsh(props.amountCents)} for your Manukato order ${props.order.orderNumber}`,
    <RefundEmail {...props} />,
  );
}
