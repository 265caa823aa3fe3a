import { Button, Heading, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import { smsLine } from './sms-texts';

/** What the owner is told about an order: plain values, so the preview can pass sample data. */
export interface OwnerOrderFacts {
  publicUrl: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  totalCents: number;
  itemCount: number;
}

export type OwnerAlertKind = 'paid' | 'refund-needed';

export interface OwnerAlertEmailProps {
  kind: OwnerAlertKind;
  order: OwnerOrderFacts;
  /** Why a refund is needed (the transaction's flag), for 'refund-needed'. */
  reason?: string;
}

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** An alert to the shop's owner (SHOP_ALERT_EMAIL): a new paid order, or money that must go back. */
export function OwnerAlertEmail({ kind, order, reason }: OwnerAlertEmailProps) {
  const ordersUrl = `${order.publicUrl}/oxalis/orders`;
  const heading =
    kind === 'paid' ? `New paid order ${order.orderNumber}` : `Refund needed for order ${order.orderNumber}`;
  return (
    <EmailLayout preview={`${heading}: ${formatKsh(order.totalCents)}`} publicUrl={order.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        {heading}
      </Heading>
      {kind === 'refund-needed' ? (
        <Text style={emailStyles.paragraph}>{`${reason ?? 'A payment needs a refund'}.`}</Text>
      ) : null}
      <Text style={emailStyles.paragraph}>
        {`Customer: ${order.customerName}, ${order.customerEmail}, ${order.customerPhone}`}
        <br />
        {`Total: ${formatKsh(order.totalCents)} for ${items(order.itemCount)}`}
      </Text>
      <Button href={ordersUrl} style={emailStyles.button}>
        Open the orders
      </Button>
      <Text style={{ ...emailStyles.muted, marginTop: '16px' }}>{`Orders: ${ordersUrl}`}</Text>
    </EmailLayout>
  );
}

export function renderOwnerAlertEmail(props: OwnerAlertEmailProps): Promise<RenderedEmail> {
  const subject =
    props.kind === 'paid'
      ? `Manukato: new order ${props.order.orderNumber}, ${formatKsh(props.order.totalCents)} paid`
      : `Manukato: refund needed for order ${props.order.orderNumber}`;
  return renderEmail(subject, <OwnerAlertEmail {...props} />);
}

/**
 * The owner's SMS: one GSM-7 segment (owner-alerts test checks it), the link to the admin's orders left out, and the
 * buyer's name as one GSM-7 line whatever they typed.
 */
export function ownerAlertSms({ kind, order }: OwnerAlertEmailProps): string {
  const what = kind === 'paid' ? 'New paid order' : 'Refund needed for order';
  return `Manukato: ${what} ${order.orderNumber}, ${formatKsh(order.totalCents)}, ${items(order.itemCount)}, ${smsLine(order.customerName, 40)}.`;
}
