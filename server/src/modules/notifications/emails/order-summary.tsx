import { Button, Heading, Hr, Link, Section, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { lineTotalCents } from '../../orders/order-money';
import { emailStyles } from './layout';
import { paymentMethodName, type OrderFacts } from './order-facts';
import { shopColours } from './shop-look';

const cell = { color: shopColours.text, fontSize: '15px', lineHeight: '22px', padding: '3px 0' };
const amount = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const, paddingLeft: '12px' };
const details = { ...emailStyles.paragraph, margin: '0 0 6px' };

/** One row of the receipt; `rule` draws a line above it (the totals under the items). */
function Line(props: { label: string; value: string; strong?: boolean; rule?: boolean }) {
  const extra = {
    ...(props.strong ? { fontWeight: 'bold' as const } : {}),
    ...(props.rule ? { borderTop: `1px solid ${shopColours.border}`, paddingTop: '8px' } : {}),
  };
  return (
    <tr>
      <td style={{ ...cell, ...extra }}>{props.label}</td>
      <td style={{ ...amount, ...extra }}>{props.value}</td>
    </tr>
  );
}

/** The order as the shopper's receipt: every line, the totals the order holds, where it goes and how it was paid. */
export function OrderSummary(props: { order: OrderFacts }) {
  const { order } = props;
  const address = `${order.address.street}, ${order.address.city} ${order.address.postalCode}`;
  return (
    <Section>
      <Heading as="h2" style={{ ...emailStyles.heading, fontSize: '17px' }}>
        {`Order ${order.orderNumber}`}
      </Heading>
      {/* One table: aligned columns in HTML, and html-to-text's data table keeps label and amount on one line. */}
      <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable">
        <tbody>
          {order.lines.map((line, index) => (
            <Line
              key={index}
              label={`${line.name}: ${line.quantity} × ${formatKsh(line.unitPriceCents)}`}
              value={formatKsh(lineTotalCents(line.unitPriceCents, line.quantity))}
            />
          ))}
          <Line label="Subtotal" value={formatKsh(order.subtotalCents)} rule />
          {order.discountCents ? (
            <Line
              label={order.discountCode ? `Discount (${order.discountCode})` : 'Discount'}
              value={`−${formatKsh(order.discountCents)}`}
            />
          ) : null}
          <Line
            label={`Delivery: ${order.deliveryLocation}`}
            value={order.shippingFeeCents === 0 ? 'Free' : formatKsh(order.shippingFeeCents)}
          />
          <Line label="Total" value={formatKsh(order.totalCents)} strong rule />
        </tbody>
      </table>
      <Hr style={{ borderColor: shopColours.border, margin: '16px 0' }} />
      <Text style={details}>{`Delivery to: ${order.recipientName}, ${address}`}</Text>
      <Text style={details}>{`Phone: ${order.recipientPhone}`}</Text>
      <Text style={{ ...details, margin: '0 0 18px' }}>
        {`Payment method: ${paymentMethodName(order.paymentMethod)}`}
      </Text>
      <OrderLinks order={order} />
    </Section>
  );
}

/** Every order e-mail ends with the order's tracking page (issue 27) and the shopper's own orders. */
export function OrderLinks(props: { order: OrderFacts }) {
  const { order } = props;
  return (
    <>
      <Button href={order.trackingUrl} style={emailStyles.button}>
        Track your order
      </Button>
      <Text style={{ ...emailStyles.muted, margin: '14px 0 0' }}>
        Or see every order in{' '}
        <Link href={order.myOrdersUrl} style={emailStyles.link}>
          My Orders
        </Link>
        .
      </Text>
    </>
  );
}
