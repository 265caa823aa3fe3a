import { Button, Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface NewsletterConfirmEmailProps {
  publicUrl: string;
  /** The confirmation link (its token is single-purpose and expires). */
  confirmUrl: string;
  /** The page that asks before unsubscribing (a link must not unsubscribe by itself: mail scanners follow links). */
  unsubscribeUrl: string;
  days: number;
}

export function NewsletterConfirmEmail(props: NewsletterConfirmEmailProps) {
  return (
    <EmailLayout preview="Confirm your subscription and get 10% off your first order" publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Confirm your subscription
      </Heading>
      <Text style={emailStyles.paragraph}>
        Someone, we hope you, asked to receive the Manukato newsletter at this address. Confirm it and we will send you
        a code for 10% off your first purchase.
      </Text>
      <Button href={props.confirmUrl} style={emailStyles.button}>
        Confirm my subscription
      </Button>
      <Text style={{ ...emailStyles.muted, marginTop: '16px' }}>
        {`Or paste this address into your browser (it works for ${props.days} days): `}
        <Link href={props.confirmUrl} style={emailStyles.link}>
          {props.confirmUrl}
        </Link>
      </Text>
      <Text style={emailStyles.muted}>
        {'If it was not you, ignore this e-mail: you will not hear from us again. '}
        <Link href={props.unsubscribeUrl} style={emailStyles.link}>
          Unsubscribe
        </Link>
      </Text>
    </EmailLayout>
  );
}

export function renderNewsletterConfirmEmail(props: NewsletterConfirmEmailProps): Promise<RenderedEmail> {
  return renderEmail('Confirm your Manukato newsletter subscription', <NewsletterConfirmEmail {...props} />);
}
