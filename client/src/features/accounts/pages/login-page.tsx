import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLoginMutation } from '../api/login.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { GOOGLE_LOGIN_FAILED, INVALID_SERVER_RESPONSE, LOGIN_FAILED } from '../account-messages';
import { GoogleSignIn } from '../components/google-sign-in';
import { PhoneSignInLink } from '../components/phone-sign-in-link';
import { signInReason } from '../sign-in-reason';
import { TextField } from '../components/text-field';
import { fieldOf } from '../field-of';
import { useAccountForm } from '../use-account-form';
import { useFinishSignIn } from '../use-finish-sign-in';
import { useGoogleSignIn } from '../use-google-sign-in';
import { normaliseEmail } from '../../../shared/email-address';
import { loginProblem, type LoginField } from '../validate-accounts';
import '../accounts.css';

const FIELDS = ['email', 'password'] as const;

/** /account and /login (SPEC §2): Google, or e-mail and password. */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useAccountForm<LoginField>('login');
  const [login] = useLoginMutation();
  const finishSignIn = useFinishSignIn();
  const reason = signInReason(useLocation().state);
  const google = useGoogleSignIn({
    failureMessage: GOOGLE_LOGIN_FAILED,
    showProblem: form.showProblem,
    runSubmit: form.runSubmit,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { email: normaliseEmail(email), password };
    const problem = loginProblem(input);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      try {
        const { data } = await login({ variables: input });
        const payload = data?.login;
        if (payload?.viewer && payload.errors.length === 0) {
          await finishSignIn(payload.viewer);
          return;
        }
        const serverProblem = payload?.errors[0];
        form.showProblem(
          serverProblem
            ? {
                // The server names 'email' for a wrong password too; neither field alone is at fault.
                field: serverProblem.code === 'INVALID_CREDENTIALS' ? undefined : fieldOf(serverProblem.field, FIELDS),
                message: serverProblem.message || LOGIN_FAILED,
              }
            : { message: payload ? INVALID_SERVER_RESPONSE : LOGIN_FAILED },
        );
      } catch (error) {
        form.showProblem({ message: serverMessageOr(error, LOGIN_FAILED) });
      }
    });
  }

  return (
    <section className="page account-page">
      <PageMeta title="Login" noIndex />
      <div className="account-card">
        <h1>Login</h1>
        {reason ? <p className="account-reason">{reason}</p> : null}
        <PhoneSignInLink />
        <GoogleSignIn text="signin_with" onCredential={google.onCredential} onFailure={google.onFailure} />
        <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Login">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...form.fieldProps('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...form.fieldProps('password')}
          />
          <p className="account-form__aside">
            <Link to="/forgot-password">Forgot password</Link>
          </p>
          {form.alert}
          <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
            {form.submitting ? 'SIGNING IN...' : 'SIGN IN'}
          </button>
        </form>
        <p className="account-card__footer">
          Don&apos;t have an account? <Link to="/register">Create account</Link>
        </p>
      </div>
    </section>
  );
}
