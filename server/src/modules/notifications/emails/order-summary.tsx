import { Button, Column, Heading, Hr, Row, Section, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { emailStyles } from './layout';
import { paymentMethodName, type OrderFacts } from './order-facts';
import { shopColours } from './shop-look';

const cell = { ...emailStyles.paragraph, margin: '0 0 6px' };
const amount = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

function Line(props: { label: string; value: string; strong?: boolean }) {
  const weight = props.strong ? { fontWeight: 'bold' as const } : {};
  return (
    <Row>
      <Column>
        <Text style={{ ...cell, ...weight }}>{props.label}</Text>
      </Column>
      <Column style={{ width: '140px' }}>
        <Text style={{ ...amount, ...weight }}>{props.value}</Text>
      </Column>
    </Row>
  );
}

/** The order as the shopper's receipt: every line, the totals the order holds, where it goes and how it was paid. */
export function OrderSummary(props: { order: OrderFacts }) {
  const { order } = props;
  return (
    <Section>
      <Heading as="h2" style={{ ...emailStyles.heading, fontSize: '17px' }}>
        {`Order ${order.orderNumber}`}
      </Heading>
      {order.lines.map((line, index) => (
        <Line
          key={index}
          label={`${line.name}: ${line.quantity} × ${formatKsh(line.unitPriceCents)}`}
          value={formatKsh(line.quantity * line.unitPriceCents)}
        />
      ))}
      <Hr style={{ borderColor: shopColours.border, margin: '8px 0' }} />
      <Line label="Subtotal" value={formatKsh(order.subtotalCents)} />
      {order.discountCents ? (
        <Line
          label={order.discountCode ? `Discount (${order.discountCode})` : 'Discount'}
          value={formatKsh(-order.discountCents)}
        />
      ) : null}
      <Line
        label={`Delivery: ${order.deliveryLocation}`}
        value={order.shippingFeeCents === 0 ? 'Free' : formatKsh(order.shippingFeeCents)}
      />
      <Line label="Total" value={formatKsh(order.totalCents)} strong />
      <Hr style={{ borderColor: shopColours.border, margin: '8px 0 16px' }} />
      <Text
        style={cell}
      >{`Delivery to: ${order.recipientName}, ${order.address.street}, ${order.address.city} ${order.address.postalCode}`}</Text>
      <Text style={cell}>{`Phone: ${order.recipientPhone}`}</Text>
      <Text style={{ ...cell, margin: '0 0 18px' }}>{`Payment method: ${paymentMethodName(order.paymentMethod)}`}</Text>
      <Button href={order.myOrdersUrl} style={emailStyles.button}>
        View it in My Orders
      </Button>
    </Section>
  );
}
