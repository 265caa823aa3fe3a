import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useStopBackInStockMessagesMutation } from '../api/back-in-stock-stop.generated';
import './back-in-stock-stop-page.css';

export const STOP_LINK_INVALID = 'This link is invalid.';
export const STOP_FAILED = 'Could not stop the messages right now. Please try again.';

/** Stopped; the link is not one of ours (no use trying again); or the request failed (trying again may work). */
type Outcome = { kind: 'stopped' | 'invalid' | 'failed'; message: string } | null;

/**
 * /back-in-stock/stop?token=… — the link in a back-in-stock e-mail. It asks first: mail scanners open links, and
 * opening one must stop nothing (mail clients use the one-click POST of the e-mail's header instead).
 */
export function BackInStockStopPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token === '' ? { kind: 'invalid', message: STOP_LINK_INVALID } : null,
  );
  const [stop, { loading }] = useStopBackInStockMessagesMutation();

  async function onStop() {
    try {
      const { data } = await stop({ variables: { token } });
      const payload = data?.stopBackInStockMessages;
      const problem = payload?.errors[0];
      if (payload?.stopped) setOutcome({ kind: 'stopped', message: payload.message });
      else if (problem) setOutcome({ kind: 'invalid', message: problem.message });
      else setOutcome({ kind: 'failed', message: STOP_FAILED });
    } catch (error) {
      setOutcome({ kind: 'failed', message: serverMessageOr(error, STOP_FAILED) });
    }
  }

  // Stopped or invalid, the button goes; a failure that may pass (offline, a rate limit) keeps it for a retry.
  const settled = outcome?.kind === 'stopped' || outcome?.kind === 'invalid';

  return (
    <section className="page stop-messages-page">
      <PageMeta title="Stop back-in-stock messages" noIndex />
      <h1>Stop back-in-stock messages</h1>
      {settled ? null : (
        <>
          <p>We will stop telling you when the sizes you asked about are back in stock.</p>
          <p>
            <button type="button" className="button" onClick={() => void onStop()} disabled={loading}>
              {loading ? 'Stopping…' : 'Stop these messages'}
            </button>
          </p>
        </>
      )}
      <div role="status">
        {outcome?.kind === 'stopped' ? <p>{outcome.message}</p> : null}
        {outcome && outcome.kind !== 'stopped' ? <p className="stop-messages-page__error">{outcome.message}</p> : null}
      </div>
      {settled ? (
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      ) : null}
    </section>
  );
}
