import { Button, Heading, Text } from '@react-email/components';
import { EmailLayout, emailStyles, renderEmail, type RenderedEmail } from './layout';

export interface StaffInvitationEmailProps {
  publicUrl: string;
  /** "staff" or "manager", as the team page says it. */
  roleName: string;
  invitedBy: string;
  /** Whether the address has an account already (then it signs in; else it creates one with this address). */
  hasAccount: boolean;
}

/** The owner added this address to the shop's team: where to sign in to reach the admin area. */
export function StaffInvitationEmail(props: StaffInvitationEmailProps) {
  const link = `${props.publicUrl}${props.hasAccount ? '/login' : '/register'}`;
  return (
    <EmailLayout preview={`You have been added to the Manukato team as ${props.roleName}`} publicUrl={props.publicUrl}>
      <Heading as="h1" style={emailStyles.heading}>
        Welcome to the Manukato team
      </Heading>
      <Text style={emailStyles.paragraph}>
        {props.invitedBy} has added you to the shop&apos;s team as {props.roleName}.{' '}
        {props.hasAccount
          ? 'Sign in with this e-mail address and open the admin area from your account menu.'
          : 'Create your account with this e-mail address: the admin area opens as soon as you sign in.'}
      </Text>
      <Button href={link} style={emailStyles.button}>
        {props.hasAccount ? 'Sign in' : 'Create your account'}
      </Button>
      <Text style={emailStyles.muted}>If you did not expect this, ignore this e-mail.</Text>
    </EmailLayout>
  );
}

export function renderStaffInvitationEmail(props: StaffInvitationEmailProps): Promise<RenderedEmail> {
  return renderEmail('You have been added to the Manukato team', <StaffInvitationEmail {...props} />);
}
