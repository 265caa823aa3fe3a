import { useState } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { useStopCartRemindersMutation } from '../api/cart-reminders.generated';

export const STOP_REMINDERS_FAILED = 'Could not stop the reminders right now. Please try again.';

/** Stopped; the link is not one of ours (no use trying again); or the request failed (trying again may work). */
type Outcome = { kind: 'stopped' | 'invalid' | 'failed'; message: string } | null;

interface StopCartRemindersProps {
  /** The signed token from the reminder's link (`/cart?stop=…`): it names the account, so no sign-in is needed. */
  token: string;
  /** Called once the link has done its work (stopped, or found invalid): the cart drops `stop` from its address. */
  onSettled?: () => void;
}

/**
 * The cart reminder's opt-out: one tap on "Stop cart reminders", never on opening the link (the same link opens
 * the cart, and link scanners open it too), then says plainly what happened.
 */
export function StopCartReminders({ token, onSettled }: StopCartRemindersProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [stop, { loading }] = useStopCartRemindersMutation();

  async function onStop() {
    let next: Outcome;
    try {
      const { data } = await stop({ variables: { token } });
      const payload = data?.stopCartReminders;
      const problem = payload?.errors[0];
      if (payload?.stopped) next = { kind: 'stopped', message: payload.message };
      else if (problem) next = { kind: 'invalid', message: problem.message };
      else next = { kind: 'failed', message: STOP_REMINDERS_FAILED };
    } catch (error) {
      next = { kind: 'failed', message: serverMessageOr(error, STOP_REMINDERS_FAILED) };
    }
    setOutcome(next);
    if (next.kind !== 'failed') onSettled?.();
  }

  const settled = outcome?.kind === 'stopped' || outcome?.kind === 'invalid';

  return (
    <aside className="cart-reminders-stop" aria-label="Cart reminders">
      {settled ? null : (
        <>
          <p>You came here from a cart reminder. Don't want these reminders any more?</p>
          <button type="button" className="button button--outline" onClick={() => void onStop()} disabled={loading}>
            {loading ? 'Stopping…' : 'Stop cart reminders'}
          </button>
        </>
      )}
      <div role="status">
        {outcome?.kind === 'stopped' ? <p>{outcome.message}</p> : null}
        {outcome && outcome.kind !== 'stopped' ? <p className="form-error">{outcome.message}</p> : null}
      </div>
    </aside>
  );
}
