import { Heading, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { OrderLinks } from './order-summary';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import type { OrderFacts } from './order-facts';

export interface OrderCancelledEmailProps {
  order: OrderFacts;
  /** Whether the shopper had paid: then the money goes back, and we say so. */
  paid: boolean;
}

export function OrderCancelledEmail(props: OrderCancelledEmailProps) {
  const { order } = props;
  return (
    <EmailLayout preview={`Order ${order.orderNumber} has been cancelled`} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Your order has been cancelled
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`Hello ${order.recipientName}, your Manukato order ${order.orderNumber} ` +
          `(${formatKsh(order.totalCents)}) has been cancelled.`}
      </Text>
      <Text style={emailStyles.paragraph}>
        {props.paid
          ? 'Your payment will be refunded to the account you paid with; we will e-mail you when it is sent.'
          : 'You have not been charged.'}
      </Text>
      <Text style={emailStyles.paragraph}>If you did not expect this, reply to this e-mail or call us.</Text>
      <OrderLinks order={order} />
    </EmailLayout>
  );
}

export function renderOrderCancelledEmail(props: OrderCancelledEmailProps): Promise<RenderedEmail> {
  return renderEmail(
    `Your Manukato order ${props.order.orderNumber} has been cancelled`,
    <OrderCancelledEmail {...props} />,
  );
}
