import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useResetPasswordMutation } from '../api/password-reset.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { PASSWORD_MIN_LENGTH, RESET_FAILED, RESET_LINK_MISSING } from '../account-messages';
import { TextField } from '../components/text-field';
import { useAccountForm } from '../use-account-form';
import { useFinishSignIn } from '../use-finish-sign-in';
import { resetPasswordProblem, type ResetField } from '../validate-accounts';
import '../accounts.css';

/** The server's codes for a reset link that cannot be used (any more): the fix is a new link. */
const LINK_PROBLEMS = new Set(['INVALID_TOKEN']);

/** /reset-password?token=… — the link in the reset e-mail. A successful reset signs the customer in. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [linkProblem, setLinkProblem] = useState(false);
  const form = useAccountForm<ResetField>('reset-password');
  const [resetPassword] = useResetPasswordMutation();
  const finishSignIn = useFinishSignIn({ honourReturnPath: false, home: '/' });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = resetPasswordProblem({ password, confirm });
    if (problem) {
      form.showProblem(problem);
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      setLinkProblem(false);
      try {
        const { data } = await resetPassword({ variables: { token, password } });
        const payload = data?.resetPassword;
        if (payload?.viewer && payload.errors.length === 0) {
          await finishSignIn(payload.viewer);
          return;
        }
        const serverProblem = payload?.errors[0];
        const isLinkProblem =
          serverProblem !== undefined && (LINK_PROBLEMS.has(serverProblem.code) || serverProblem.field === 'token');
        setLinkProblem(isLinkProblem);
        form.showProblem({
          field: serverProblem?.field === 'password' ? 'password' : undefined,
          message: serverProblem?.message || RESET_FAILED,
        });
      } catch (error) {
        form.showProblem({ message: serverMessageOr(error, RESET_FAILED) });
      }
    });
  }

  return (
    <section className="page account-page">
      <PageMeta title="Reset Password" noIndex />
      <div className="account-card">
        <h1>Reset Password</h1>
        {token === '' ? (
          <>
            <p role="alert" className="form-error">
              {RESET_LINK_MISSING}
            </p>
            <p className="account-card__footer">
              <Link to="/forgot-password">Request a new link</Link>
            </p>
          </>
        ) : (
          <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Reset password">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...form.fieldProps('password')}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              {...form.fieldProps('confirm')}
            />
            {form.alert}
            {linkProblem ? (
              <p className="account-form__aside">
                <Link to="/forgot-password">Request a new link</Link>
              </p>
            ) : null}
            <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
              {form.submitting ? 'Saving...' : 'Reset Password'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
