import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  useRegisterWithPhoneMutation,
  useRequestPhoneCodeMutation,
  useVerifyPhoneCodeMutation,
} from '../api/phone-sign-in.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import {
  ENTER_ALL_DIGITS,
  ENTER_PHONE,
  FILL_ALL_FIELDS,
  OTP_LENGTH,
  PHONE_CODE_RESENT,
  PHONE_RESEND_SECONDS,
  SEND_CODE_FAILED,
  VERIFICATION_FAILED,
} from '../account-messages';
import { OtpInput } from '../components/otp-input';
import { OtpResend } from '../components/otp-resend';
import { TextField } from '../components/text-field';
import { fieldOf } from '../field-of';
import { signInReason } from '../sign-in-reason';
import { useAccountForm } from '../use-account-form';
import { useCountdown } from '../use-countdown';
import { useFinishSignIn } from '../use-finish-sign-in';
import '../accounts.css';

type Step =
  { name: 'phone' } | { name: 'code'; phone: string; hash: string } | { name: 'name'; phone: string; hash: string };
type PhoneField = 'phone' | 'otp' | 'first' | 'last';

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');
const FIELDS = ['phone', 'otp', 'first', 'last'] as const;

interface ServerProblem {
  field?: string | null;
  message: string;
}

/**
 * /phone-sign-in (issue 26): a Kenyan mobile number, the 6-digit code texted to it, and for a new number only a
 * first and last name. Signing in returns to where the shopper was headed (state.from), as every sign-in does.
 */
export function PhoneSignInPage() {
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [phone, setPhone] = useState('');
  const [digits, setDigits] = useState(emptyCode);
  const [names, setNames] = useState({ first: '', last: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const form = useAccountForm<PhoneField>('phone-sign-in');
  const { remaining, restart } = useCountdown(PHONE_RESEND_SECONDS);
  const [requestPhoneCode] = useRequestPhoneCodeMutation();
  const [verifyPhoneCode] = useVerifyPhoneCodeMutation();
  const [registerWithPhone] = useRegisterWithPhoneMutation();
  const finishSignIn = useFinishSignIn();
  const location = useLocation();
  const reason = signInReason(location.state);

  const show = (problem: ServerProblem | undefined, fallback: string) =>
    form.showProblem({ field: fieldOf(problem?.field ?? undefined, FIELDS), message: problem?.message || fallback });

  /** Asks for a code; answers the new hash, or null with the problem shown. */
  async function sendCode(number: string): Promise<string | null> {
    try {
      const { data } = await requestPhoneCode({ variables: { phone: number } });
      const payload = data?.requestPhoneCode;
      if (payload?.hash && payload.errors.length === 0) return payload.hash;
      show(payload?.errors[0], SEND_CODE_FAILED);
    } catch (error) {
      form.showProblem({ message: serverMessageOr(error, SEND_CODE_FAILED) });
    }
    return null;
  }

  function onSubmitPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = phone.trim();
    if (!number) {
      form.showProblem({ field: 'phone', message: ENTER_PHONE });
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      const hash = await sendCode(number);
      if (!hash) return;
      setStep({ name: 'code', phone: number, hash });
      setDigits(emptyCode());
      restart();
    });
  }

  function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.name !== 'code') return;
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
        const { data } = await verifyPhoneCode({
          variables: { phone: step.phone, otp: digits.join(''), hash: step.hash },
        });
        const payload = data?.verifyPhoneCode;
        if (payload?.viewer && payload.errors.length === 0) {
          await finishSignIn(payload.viewer);
          return;
        }
        if (payload?.newAccount && payload.errors.length === 0) {
          setStep({ name: 'name', phone: step.phone, hash: step.hash });
          return;
        }
        show(payload?.errors[0], VERIFICATION_FAILED);
        // A wrong code is typed again from the first box.
        setDigits(emptyCode());
        boxes.current[0]?.focus();
      } catch (error) {
        form.showProblem({ message: serverMessageOr(error, VERIFICATION_FAILED) });
      }
    });
  }

  function onSubmitName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.name !== 'name') return;
    const first = names.first.trim();
    const last = names.last.trim();
    if (!first || !last) {
      form.showProblem({ field: !first ? 'first' : 'last', message: FILL_ALL_FIELDS });
      return;
    }
    void form.runSubmit(async () => {
      form.showProblem(null);
      try {
        const { data } = await registerWithPhone({
          variables: { input: { phone: step.phone, hash: step.hash, first, last } },
        });
        const payload = data?.registerWithPhone;
        if (payload?.viewer && payload.errors.length === 0) {
          await finishSignIn(payload.viewer);
          return;
        }
        show(payload?.errors[0], VERIFICATION_FAILED);
      } catch (error) {
        form.showProblem({ message: serverMessageOr(error, VERIFICATION_FAILED) });
      }
    });
  }

  async function onResend() {
    if (step.name !== 'code' || resending || remaining > 0) return;
    setResending(true);
    form.showProblem(null);
    setNotice(null);
    const hash = await sendCode(step.phone);
    setResending(false);
    if (!hash) return;
    setStep({ ...step, hash });
    restart();
    setDigits(emptyCode());
    setNotice(PHONE_CODE_RESENT);
    boxes.current[0]?.focus();
  }

  const submitLabel = (idle: string, busy: string) => (form.submitting ? busy : idle);
  const codeInvalid = form.problem !== null && form.problem.field === 'otp';

  return (
    <section className="page account-page">
      <PageMeta title="Sign in with your phone" noIndex />
      <div className="account-card">
        <h1>Sign in with your phone</h1>
        {reason ? <p className="account-reason">{reason}</p> : null}
        {step.name === 'phone' ? (
          <form className="account-form" onSubmit={onSubmitPhone} noValidate aria-label="Send a sign-in code">
            <p className="muted">We will text you a 6-digit code. New here? You only need your name after it.</p>
            <TextField
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="07XX XXX XXX"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              {...form.fieldProps('phone')}
            />
            {form.alert}
            <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
              {submitLabel('Send code', 'Sending code...')}
            </button>
          </form>
        ) : null}
        {step.name === 'code' ? (
          <>
            <form className="account-form" onSubmit={onSubmitCode} noValidate aria-label="Verify phone number">
              <p className="muted">
                Enter the 6-digit code we texted to <strong>{step.phone}</strong>.
              </p>
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
              <button
                type="submit"
                className="button account-form__submit"
                aria-disabled={form.submitting || undefined}
              >
                {submitLabel('Verify', 'Verifying...')}
              </button>
            </form>
            <OtpResend remaining={remaining} resending={resending} onResend={() => void onResend()}>
              <button type="button" className="button button--outline" onClick={() => setStep({ name: 'phone' })}>
                Change number
              </button>
            </OtpResend>
          </>
        ) : null}
        {step.name === 'name' ? (
          <form className="account-form" onSubmit={onSubmitName} noValidate aria-label="Your name">
            <p className="muted">
              <strong>{step.phone}</strong> is verified. What is your name?
            </p>
            <div className="account-form__row">
              <TextField
                label="First name"
                autoComplete="given-name"
                value={names.first}
                onChange={(event) => setNames((current) => ({ ...current, first: event.target.value }))}
                {...form.fieldProps('first')}
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                value={names.last}
                onChange={(event) => setNames((current) => ({ ...current, last: event.target.value }))}
                {...form.fieldProps('last')}
              />
            </div>
            {form.alert}
            <button type="submit" className="button account-form__submit" aria-disabled={form.submitting || undefined}>
              {submitLabel('Create account', 'Creating account...')}
            </button>
          </form>
        ) : null}
        <p className="account-card__footer">
          Prefer e-mail?{' '}
          <Link to="/login" state={location.state as unknown}>
            Login
          </Link>
        </p>
      </div>
    </section>
  );
}
