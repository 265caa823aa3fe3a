import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useConfirmNewsletterSubscriptionMutation } from '../api/newsletter-links.generated';
import '../newsletter.css';

export const CONFIRM_FAILED = 'Could not confirm your subscription right now. Please try again.';
export const CONFIRM_LINK_MISSING =
  'This confirmation link is incomplete. Open it from the e-mail again, or subscribe again in the footer.';

type Outcome = { kind: 'confirmed' | 'error'; message: string } | null;

/** /newsletter/confirm?token=… — the link in the confirmation e-mail: confirms once on arrival. */
export function NewsletterConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirm] = useConfirmNewsletterSubscriptionMutation();
  // Once per token, even when React runs effects twice in development (a second call would be harmless anyway).
  const askedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || askedFor.current === token) return;
    askedFor.current = token;
    confirm({ variables: { token } })
      .then(({ data }) => {
        const payload = data?.confirmNewsletterSubscription;
        if (payload?.confirmed) setOutcome({ kind: 'confirmed', message: payload.message });
        else setOutcome({ kind: 'error', message: payload?.errors[0]?.message ?? CONFIRM_FAILED });
      })
      .catch((error: unknown) => setOutcome({ kind: 'error', message: serverMessageOr(error, CONFIRM_FAILED) }));
  }, [confirm, token]);

  const shown: Outcome = token ? outcome : { kind: 'error', message: CONFIRM_LINK_MISSING };
  return (
    <section className="page newsletter-page">
      <PageMeta title="Newsletter" noIndex />
      <h1>{shown?.kind === 'confirmed' ? 'Subscription confirmed' : 'Newsletter subscription'}</h1>
      <div role="status">
        {shown === null ? <p>Confirming your subscription...</p> : null}
        {shown?.kind === 'confirmed' ? <p>{shown.message}</p> : null}
        {shown?.kind === 'error' ? <p className="newsletter-page__error">{shown.message}</p> : null}
      </div>
      {shown ? (
        <p>
          <Link to="/" className="button">
            Continue shopping
          </Link>
        </p>
      ) : null}
    </section>
  );
}
