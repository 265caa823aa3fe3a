import { Button, Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface PasswordResetEmailProps {
  publicUrl: string;
  /** The single-use reset link. */
  link: string;
  minutes: number;
}

export function PasswordResetEmail(props: PasswordResetEmailProps) {
  return (
    <EmailLayout preview="Set a new password for your Manukato account" publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Reset your password
      </Heading>
      <Text style={emailStyles.paragraph}>
        {`Someone asked to reset the password of your Manukato account. The link works once, for ${props.minutes} minutes.`}
      </Text>
      <Button href={props.link} style={emailStyles.button}>
        Set a new password
      </Button>
      <Text style={{ ...emailStyles.muted, marginTop: '16px' }}>
        {'Or paste this address into your browser: '}
        <Link href={props.link} style={emailStyles.link}>
          {props.link}
        </Link>
      </Text>
      <Text style={emailStyles.muted}>If it was not you, ignore this e-mail: your password stays as it is.</Text>
    </EmailLayout>
  );
}

export function renderPasswordResetEmail(props: PasswordResetEmailProps): Promise<RenderedEmail> {
  return renderEmail('Reset your Manukato password', <PasswordResetEmail {...props} />);
}
