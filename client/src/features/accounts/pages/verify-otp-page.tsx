import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  useRegisterMutation,
  useRequestSignupCodeMutation,
  useVerifySignupCodeMutation,
} from '../api/signup.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import {
  ALREADY_REGISTERED_HINT,
  CODE_RESENT,
  ENTER_ALL_DIGITS,
  OTP_COUNTDOWN_SECONDS,
  OTP_LENGTH,
  RESEND_FAILED,
  VERIFICATION_FAILED,
} from '../account-messages';
import { OtpInput } from '../components/otp-input';
import { OtpResend } from '../components/otp-resend';
import { readOtpState, type OtpState } from '../otp-state';
import { useAccountForm } from '../use-account-form';
import { useCountdown } from '../use-countdown';
import { useFinishSignIn } from '../use-finish-sign-in';
import '../accounts.css';

/** /verify-otp (SPEC §2, §4): needs the registration and the code's hash from /register, else goes there. */
export function VerifyOtpPage() {
  const location = useLocation();
  const otpState = readOtpState(location.state);
  if (!otpState) return <Navigate to="/register" replace />;
  return <VerifyOtpForm otpState={otpState} />;
}

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

function VerifyOtpForm({ otpState }: { otpState: OtpState }) {
  const { registration, hash } = otpState;
  const [digits, setDigits] = useState(emptyCode);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const form = useAccountForm<'otp'>('verify-otp');
  const { remaining, restart } = useCountdown(OTP_COUNTDOWN_SECONDS);
  const [verifySignupCode] = useVerifySignupCodeMutation();
  const [register] = useRegisterMutation();
  const [requestSignupCode] = useRequestSignupCodeMutation();
  const navigate = useNavigate();
  const location = useLocation();
  // SPEC §4: registered and signed in, then home.
  const finishSignIn = useFinishSignIn({ honourReturnPath: false, home: '/' });
  const codeInvalid = form.problem !== null && form.problem.field === 'otp';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const firstEmpty = digits.findIndex((digit) => digit === '');
    if (firstEmpty !== -1) {
      form.showProblem({ field: 'otp', message: ENTER_ALL_DIGITS });
      boxes.current[firstEmpty]?.focus();
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      setNotice(null);
      try {
        const verified = await verifySignupCode({
          variables: { email: registration.email, otp: digits.join(''), hash },
        });
        const check = verified.data?.verifySignupCode;
        if (!check?.ok || check.errors.length > 0) {
          // e.g. 'Invalid or expired code.'
          form.showProblem({ field: 'otp', message: check?.errors[0]?.message || VERIFICATION_FAILED });
          boxes.current[0]?.focus();
          return;
        }
        const registered = await register({ variables: { input: { ...registration, hash } } });
        const payload = registered.data?.register;
        if (payload?.viewer && payload.errors.length === 0) {
          await finishSignIn(payload.viewer);
          return;
        }
        form.showProblem({ message: payload?.errors[0]?.message || VERIFICATION_FAILED });
      } catch (error) {
        form.showProblem({ message: serverMessageOr(error, VERIFICATION_FAILED) });
      }
    });
  }

  async function onResend() {
    if (resending || remaining > 0) return;
    setResending(true);
    form.showProblem(null);
    setNotice(null);
    try {
      const { data } = await requestSignupCode({ variables: { email: registration.email } });
      const payload = data?.requestSignupCode;
      if (!payload?.hash || payload.errors.length > 0) {
        form.showProblem({ message: payload?.errors[0]?.message || RESEND_FAILED });
        return;
      }
      // SPEC §4: the new hash replaces the old one in navigation state; the countdown starts over.
      const next: OtpState = { registration, hash: payload.hash };
      await navigate(location.pathname, { replace: true, state: next });
      restart();
      setDigits(emptyCode());
      setNotice(CODE_RESENT);
      boxes.current[0]?.focus();
    } catch (error) {
      form.showProblem({ message: serverMessageOr(error, RESEND_FAILED) });
    } finally {
      setResending(false);
    }
  }

  return (
    <section className="page account-page">
      <PageMeta title="Verify Email" noIndex />
      <div className="account-card">
        <h1>Verify Email</h1>
        <p className="muted">
          Enter the 6-digit code we sent to <strong>{registration.email}</strong>.
        </p>
        <p className="muted">{ALREADY_REGISTERED_HINT}</p>
        <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Verify email">
          <fieldset className="otp-fieldset">
            <legend>Verification code</legend>
            <OtpInput
              digits={digits}
              onChange={setDigits}
              registerBox={(index, element) => {
                boxes.current[index] = element;
              }}
              invalid={codeInvalid}
              describedBy={codeInvalid ? form.errorId : undefined}
            />
          </fieldset>
          {form.alert}
          {notice ? (
            <p role="status" className="account-notice">
              {notice}
            </p>
          ) : null}
          <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
            {form.submitting ? 'Verifying...' : 'Verify Email'}
          </button>
        </form>
        <OtpResend remaining={remaining} resending={resending} onResend={() => void onResend()} />
      </div>
    </section>
  );
}
