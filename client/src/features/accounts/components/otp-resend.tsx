import type { ReactNode } from 'react';
import { formatCountdown } from '../use-countdown';

interface OtpResendProps {
  /** Seconds until another code may be asked for; 0 when it may. */
  remaining: number;
  resending: boolean;
  onResend: () => void;
  /** More actions beside Resend Code (Change number). */
  children?: ReactNode;
}

/** SPEC §4's resend line under a code form: the countdown, then "Didn't get the code?" and Resend Code. */
export function OtpResend({ remaining, resending, onResend, children }: OtpResendProps) {
  return (
    <div className="otp-resend">
      <p className="muted">
        {remaining > 0 ? (
          <>
            You can request a new code in <span role="timer">{formatCountdown(remaining)}</span>
          </>
        ) : (
          "Didn't get the code?"
        )}
      </p>
      <button type="button" className="button button--outline" disabled={remaining > 0 || resending} onClick={onResend}>
        {resending ? 'Sending...' : 'Resend Code'}
      </button>
      {children}
    </div>
  );
}
