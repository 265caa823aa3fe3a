import { Heading, Text } from '@react-email/components';
import { OrderLinks } from './order-summary';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import type { OrderFacts } from './order-facts';

export function OrderDeliveredEmail(props: { order: OrderFacts }) {
  const { order } = props;
  return (
    <EmailLayout preview={`Order ${order.orderNumber} has been delivered`} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Your order has been delivered
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`Hello ${order.recipientName}, your Manukato order ${order.orderNumber} has been delivered to ` +
          `${order.address.street}, ${order.address.city}. We hope you enjoy it.`}
      </Text>
      <Text style={emailStyles.paragraph}>
        Something not right? You can return unused items within 7 days: reply to this e-mail or call us.
      </Text>
      <OrderLinks order={order} />
    </EmailLayout>
  );
}

export function renderOrderDeliveredEmail(props: { order: OrderFacts }): Promise<RenderedEmail> {
  return renderEmail(
    `Your Manukato order ${props.order.orderNumber} has been delivered`,
    <OrderDeliveredEmail {...props} />,
  );
}
