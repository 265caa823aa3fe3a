import { Button, Heading, Link, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';
import { shopColours } from './shop-look';

export interface CartReminderLine {
  /** The product with its size: "Oud Savanna (50 ml · Eau de Parfum)". */
  name: string;
  quantity: number;
  /** Today's price of one (the sale price when on sale), as the cart charges it. */
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface CartReminderEmailProps {
  publicUrl: string;
  firstName: string;
  lines: CartReminderLine[];
  subtotalCents: number;
  cartUrl: string;
  /** Turns cart reminders off for the account. */
  stopUrl: string;
}

const cell = { color: shopColours.text, fontSize: '15px', lineHeight: '22px', padding: '3px 0' };
const amount = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const, paddingLeft: '12px' };

/** The one reminder of a cart left untouched (decision 0105): what is in it at today's prices, and the way back. */
export function CartReminderEmail(props: CartReminderEmailProps) {
  return (
    <EmailLayout preview="Your cart is waiting at Manukato" publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Your cart is waiting
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`Hello ${props.firstName}, you left these in your Manukato cart. Prices are today's; stock is not held.`}
      </Text>
      <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable">
        <tbody>
          {props.lines.map((line, index) => (
            <tr key={index}>
              <td style={cell}>{`${line.name}: ${line.quantity} × ${formatKsh(line.unitPriceCents)}`}</td>
              <td style={amount}>{formatKsh(line.lineTotalCents)}</td>
            </tr>
          ))}
          <tr>
            <td style={{ ...cell, fontWeight: 'bold', borderTop: `1px solid ${shopColours.border}` }}>Subtotal</td>
            <td style={{ ...amount, fontWeight: 'bold', borderTop: `1px solid ${shopColours.border}` }}>
              {formatKsh(props.subtotalCents)}
            </td>
          </tr>
        </tbody>
      </table>
      <Button href={props.cartUrl} style={{ ...emailStyles.button, marginTop: '16px' }}>
        Back to your cart
      </Button>
      <Text style={{ ...emailStyles.muted, marginTop: '16px' }}>
        {'We remind you once per cart. '}
        <Link href={props.stopUrl} style={emailStyles.link}>
          No more cart reminders
        </Link>
      </Text>
    </EmailLayout>
  );
}

export function renderCartReminderEmail(props: CartReminderEmailProps): Promise<RenderedEmail> {
  return renderEmail('Your cart is waiting at Manukato', <CartReminderEmail {...props} />);
}
