import { Heading, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import type { OrderFacts } from './order-facts';
import { OrderSummary } from './order-summary';

/** What the confirmation says of the money: received, or (pay on delivery, when placed) to be paid at the door. */
function paymentLine(order: OrderFacts, payAtDoor: boolean): { preview: string; text: string } {
  const total = formatKsh(order.totalCents);
  if (payAtDoor) {
    return {
      preview: `Pay ${total} when it arrives`,
      text:
        `We have your order ${order.orderNumber}. You pay ${total} at the door, by M-Pesa or cash. ` +
        'We are preparing it now and will tell you by e-mail and SMS when it is delivered.',
    };
  }
  return {
    preview: `We have your payment of ${total}`,
    text:
      `We have received your payment of ${total} for order ${order.orderNumber}. ` +
      'We are preparing it now and will tell you by e-mail and SMS when it is delivered.',
  };
}

export function OrderConfirmationEmail(props: { order: OrderFacts; payAtDoor?: boolean }) {
  const { order } = props;
  const payment = paymentLine(order, props.payAtDoor ?? false);
  return (
    <EmailLayout preview={payment.preview} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        {`Thank you for your order, ${order.recipientName}!`}
      </Heading>
      <Text style={emailStyles.paragraph}>{payment.text}</Text>
      <OrderSummary order={order} />
    </EmailLayout>
  );
}

export function renderOrderConfirmationEmail(props: {
  order: OrderFacts;
  payAtDoor?: boolean;
}): Promise<RenderedEmail> {
  return renderEmail(
    `Your Manukato order ${props.order.orderNumber} is confirmed`,
    <OrderConfirmationEmail {...props} />,
  );
}
