import { Heading, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import type { OrderFacts } from './order-facts';
import { OrderSummary } from './order-summary';

export function OrderConfirmationEmail(props: { order: OrderFacts }) {
  const { order } = props;
  return (
    <EmailLayout preview={`We have your payment of ${formatKsh(order.totalCents)}`} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        {`Thank you for your order, ${order.recipientName}!`}
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`We have received your payment of ${formatKsh(order.totalCents)} for order ${order.orderNumber}. ` +
          'We are preparing it now and will tell you by e-mail and SMS when it is delivered.'}
      </Text>
      <OrderSummary order={order} />
    </EmailLayout>
  );
}

export function renderOrderConfirmationEmail(props: { order: OrderFacts }): Promise<RenderedEmail> {
  return renderEmail(
    `Your Manukato order ${props.order.orderNumber} is confirmed`,
    <OrderConfirmationEmail {...props} />,
  );
}
