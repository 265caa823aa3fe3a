import { Heading, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface SignupCodeEmailProps {
  publicUrl: string;
  code: string;
  minutes: number;
}

export function SignupCodeEmail(props: SignupCodeEmailProps) {
  return (
    <EmailLayout preview={`Your code is ${props.code}`} publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Confirm your e-mail address
      </Heading>
      <Text style={emailStyles.paragraph}>{`Your Manukato verification code is ${props.code}.`}</Text>
      <Text
        style={{ ...emailStyles.heading, fontSize: '30px', letterSpacing: '6px', margin: '8px 0 20px' }}
        data-skip-in-text="true"
      >
        {props.code}
      </Text>
      <Text style={emailStyles.paragraph}>
        {`Enter it on the sign-up page. It expires in ${props.minutes} minutes and works once.`}
      </Text>
      <Text style={emailStyles.muted}>If you did not ask for it, ignore this e-mail: nothing has changed.</Text>
    </EmailLayout>
  );
}

export function renderSignupCodeEmail(props: SignupCodeEmailProps): Promise<RenderedEmail> {
  return renderEmail('Your Manukato verification code', <SignupCodeEmail {...props} />);
}
