import { Button, Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface AlreadyRegisteredEmailProps {
  publicUrl: string;
}

/** Sent instead of a code when the address already has an account: the sign-up answer itself says nothing. */
export function AlreadyRegisteredEmail(props: AlreadyRegisteredEmailProps) {
  return (
    <EmailLayout preview="You already have a Manukato account" publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        You already have an account
      </Heading>
      <Text style={emailStyles.paragraph}>
        Someone asked to create a Manukato account with this e-mail address, but you already have one.
      </Text>
      <Button href={`${props.publicUrl}/login`} style={emailStyles.button}>
        Sign in
      </Button>
      <Text style={{ ...emailStyles.paragraph, marginTop: '16px' }}>
        {'Forgot your password? '}
        <Link href={`${props.publicUrl}/forgot-password`} style={emailStyles.link}>
          Reset it here
        </Link>
        .
      </Text>
      <Text style={emailStyles.muted}>If it was not you, ignore this e-mail: nothing has changed.</Text>
    </EmailLayout>
  );
}

export function renderAlreadyRegisteredEmail(props: AlreadyRegisteredEmailProps): Promise<RenderedEmail> {
  return renderEmail('Your Manukato account', <AlreadyRegisteredEmail {...props} />);
}
