import { Button, Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface NewsletterWelcomeEmailProps {
  publicUrl: string;
  /** The single-use 10% first-purchase code, valid only for this address. */
  code: string;
  unsubscribeUrl: string;
}

export function NewsletterWelcomeEmail(props: NewsletterWelcomeEmailProps) {
  return (
    <EmailLayout preview={`Your 10% off code: ${props.code}`} publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Welcome to the Manukato newsletter
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`Thank you for confirming. Here is your 10% off your first purchase: use the code ${props.code} at checkout.`}
      </Text>
      <Text
        style={{ ...emailStyles.heading, fontSize: '26px', letterSpacing: '3px', margin: '8px 0 20px' }}
        data-skip-in-text="true"
      >
        {props.code}
      </Text>
      <Text style={emailStyles.paragraph}>
        The code works once, on your first order, when you check out with this e-mail address.
      </Text>
      <Button href={props.publicUrl} style={emailStyles.button}>
        Shop perfumes
      </Button>
      <Text style={{ ...emailStyles.muted, marginTop: '16px' }}>
        {'You receive this because you subscribed to the Manukato newsletter. '}
        <Link href={props.unsubscribeUrl} style={emailStyles.link}>
          Unsubscribe
        </Link>
      </Text>
    </EmailLayout>
  );
}

export function renderNewsletterWelcomeEmail(props: NewsletterWelcomeEmailProps): Promise<RenderedEmail> {
  return renderEmail('Your 10% off your first Manukato order', <NewsletterWelcomeEmail {...props} />);
}
