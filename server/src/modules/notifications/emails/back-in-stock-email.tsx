import { Button, Heading, Link, Text } from '@react-email/components';
import { formatKsh } from '../../../shared/money';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface BackInStockEmailProps {
  publicUrl: string;
  /** The product with its size, as every message names it: "Oud Savanna (50 ml · Eau de Parfum)". */
  name: string;
  /** The price a shopper pays today (the sale price when on sale). */
  priceCents: number;
  productUrl: string;
  /** Stops every other size this address still waits for. */
  stopUrl: string;
}

/** The one message a shopper who asked "Notify me when back" gets when the size is on the shelf again. */
export function BackInStockEmail(props: BackInStockEmailProps) {
  return (
    <EmailLayout preview={`${props.name} is back at ${formatKsh(props.priceCents)}`} publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        {`${props.name} is back`}
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`You asked us to tell you when it was back in stock. It is, at ${formatKsh(props.priceCents)}, while stock lasts.`}
      </Text>
      <Button href={props.productUrl} style={emailStyles.button}>
        See it at Manukato
      </Button>
      <Text style={{ ...emailStyles.muted, marginTop: '16px' }}>
        {'We send this once. Waiting for other sizes too and no longer want to hear? '}
        <Link href={props.stopUrl} style={emailStyles.link}>
          Stop these messages
        </Link>
      </Text>
    </EmailLayout>
  );
}

export function renderBackInStockEmail(props: BackInStockEmailProps): Promise<RenderedEmail> {
  return renderEmail(`${props.name} is back at Manukato`, <BackInStockEmail {...props} />);
}
