import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useRequestPasswordResetMutation } from '../api/password-reset.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { RESET_REQUEST_FAILED } from '../account-messages';
import { TextField } from '../components/text-field';
import { useAccountForm } from '../use-account-form';
import { normaliseEmail } from '../../../shared/email-address';
import { forgotPasswordProblem } from '../validate-accounts';
import '../accounts.css';

/**
 * /forgot-password (SPEC §2): asks the server to e-mail a reset link. Its answer is the same whether or not
 * the address has an account, so nobody can probe which addresses are customers.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountForm<'email'>('forgot-password');
  const [requestPasswordReset] = useRequestPasswordResetMutation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = normaliseEmail(email);
    const problem = forgotPasswordProblem(address);
    setSent(null);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      try {
        const { data } = await requestPasswordReset({ variables: { email: address } });
        const payload = data?.requestPasswordReset;
        if (payload?.ok && payload.errors.length === 0) {
          setSent(payload.message);
          return;
        }
        const serverProblem = payload?.errors[0];
        form.showProblem({
          field: serverProblem?.field === 'email' ? 'email' : undefined,
          message: serverProblem?.message || RESET_REQUEST_FAILED,
        });
      } catch (error) {
        form.showProblem({ message: serverMessageOr(error, RESET_REQUEST_FAILED) });
      }
    });
  }

  return (
    <section className="page account-page">
      <PageMeta title="Forgot Password" noIndex />
      <div className="account-card">
        <h1>Forgot Password</h1>
        <p className="muted">Enter your email address and we will send you a link to reset your password.</p>
        <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Forgot password">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...form.fieldProps('email')}
          />
          {form.alert}
          {sent ? (
            <p role="status" className="account-notice">
              {sent}
            </p>
          ) : null}
          <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
            {form.submitting ? 'Sending...' : 'Reset Password'}
          </button>
        </form>
        <p className="account-card__footer">
          <Link to="/login">Back to Login</Link>
        </p>
      </div>
    </section>
  );
}
