import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useRequestSignupCodeMutation } from '../api/signup.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { GOOGLE_REGISTRATION_FAILED, PASSWORD_MIN_LENGTH, SEND_CODE_FAILED } from '../account-messages';
import { GoogleSignIn } from '../components/google-sign-in';
import { PhoneSignInLink } from '../components/phone-sign-in-link';
import { TextField } from '../components/text-field';
import { fieldOf } from '../field-of';
import type { OtpState } from '../otp-state';
import { useAccountForm } from '../use-account-form';
import { useGoogleSignIn } from '../use-google-sign-in';
import { registrationProblem, trimRegistration, type RegisterField } from '../validate-accounts';
import '../accounts.css';

const FIELDS = ['first', 'last', 'email', 'password'] as const;

/** /register (SPEC §2): a code is e-mailed first; /verify-otp completes the registration. */
export function RegisterPage() {
  const [values, setValues] = useState({ first: '', last: '', email: '', password: '' });
  const form = useAccountForm<RegisterField>('register');
  const [requestSignupCode] = useRequestSignupCodeMutation();
  const navigate = useNavigate();
  const google = useGoogleSignIn({
    failureMessage: GOOGLE_REGISTRATION_FAILED,
    showProblem: form.showProblem,
    runSubmit: form.runSubmit,
  });

  const bind = (field: RegisterField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    ...form.fieldProps(field),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const registration = trimRegistration(values);
    const problem = registrationProblem(registration);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      try {
        const { data } = await requestSignupCode({ variables: { email: registration.email } });
        const payload = data?.requestSignupCode;
        if (payload?.hash && payload.errors.length === 0) {
          const state: OtpState = { registration, hash: payload.hash };
          await navigate('/verify-otp', { state });
          return;
        }
        // e.g. a rate limit. An address that has an account gets a hash too (the answer does not tell
        // who has one): its owner is e-mailed how to sign in, and /verify-otp says so.
        const serverProblem = payload?.errors[0];
        form.showProblem({
          field: fieldOf(serverProblem?.field, FIELDS),
          message: serverProblem?.message || SEND_CODE_FAILED,
        });
      } catch (error) {
        form.showProblem({ message: serverMessageOr(error, SEND_CODE_FAILED) });
      }
    });
  }

  return (
    <section className="page account-page">
      <PageMeta title="Create Account" noIndex />
      <div className="account-card">
        <h1>Create Account</h1>
        <PhoneSignInLink />
        <GoogleSignIn text="signup_with" onCredential={google.onCredential} onFailure={google.onFailure} />
        <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Create account">
          <div className="account-form__row">
            <TextField label="First name" autoComplete="given-name" {...bind('first')} />
            <TextField label="Last name" autoComplete="family-name" {...bind('last')} />
          </div>
          <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            {...bind('password')}
          />
          {form.alert}
          <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
            {form.submitting ? 'Sending code...' : 'Create account'}
          </button>
        </form>
        <p className="account-card__footer">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </div>
    </section>
  );
}
