import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useUnsubscribeFromNewsletterMutation } from '../api/newsletter-links.generated';
import '../newsletter.css';

export const UNSUBSCRIBE_FAILED = 'Could not unsubscribe you right now. Please try again.';

type Outcome = { kind: 'done' | 'error'; message: string } | null;

/**
 * /newsletter/unsubscribe?token=… — the link in every newsletter e-mail. It asks first: mail scanners open links,
 * and opening one must not unsubscribe anybody (mail clients use the one-click POST of the header instead).
 */
export function NewsletterUnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [unsubscribe, { loading }] = useUnsubscribeFromNewsletterMutation();

  async function onUnsubscribe() {
    try {
      const { data } = await unsubscribe({ variables: { token } });
      const payload = data?.unsubscribeFromNewsletter;
      if (payload?.unsubscribed) setOutcome({ kind: 'done', message: payload.message });
      else setOutcome({ kind: 'error', message: payload?.errors[0]?.message ?? UNSUBSCRIBE_FAILED });
    } catch (error) {
      setOutcome({ kind: 'error', message: serverMessageOr(error, UNSUBSCRIBE_FAILED) });
    }
  }

  return (
    <section className="page newsletter-page">
      <PageMeta title="Unsubscribe" noIndex />
      <h1>Unsubscribe from the newsletter</h1>
      {outcome?.kind === 'done' ? null : (
        <>
          <p>You will no longer receive the Manukato newsletter at this address.</p>
          <p>
            <button
              type="button"
              className="button"
              onClick={() => void onUnsubscribe()}
              disabled={loading || token === ''}
            >
              {loading ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
          </p>
        </>
      )}
      <div role="status">
        {outcome?.kind === 'done' ? <p>{outcome.message}</p> : null}
        {outcome?.kind === 'error' ? <p className="newsletter-page__error">{outcome.message}</p> : null}
      </div>
      {outcome?.kind === 'done' ? (
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      ) : null}
    </section>
  );
}
