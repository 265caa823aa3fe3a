import { useRef, useState, type FormEvent } from 'react';
import { useSubscribeToNewsletterMutation } from './api/newsletter.generated';
import { serverMessageOr } from '../shared/error-message';

export const NEWSLETTER_FAILED = 'Could not subscribe right now. Please try again.';

type Result = { kind: 'success' | 'error'; message: string } | null;

/** The footer's newsletter sign-up: the browser checks the address is present and e-mail shaped, the server decides. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<Result>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [subscribe] = useSubscribeToNewsletterMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    setResult(null);
    try {
      const { data } = await subscribe({ variables: { email: email.trim() } });
      const payload = data?.subscribeToNewsletter;
      const problem = payload?.errors[0];
      if (payload && !problem) {
        setResult({ kind: 'success', message: payload.message });
        setEmail('');
      } else {
        setResult({ kind: 'error', message: problem?.message ?? NEWSLETTER_FAILED });
      }
    } catch (error) {
      setResult({ kind: 'error', message: serverMessageOr(error, NEWSLETTER_FAILED) });
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="site-footer__newsletter" aria-describedby="newsletter-offer">
      <label htmlFor="newsletter-email" className="visually-hidden">
        Email address
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Your email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={result?.kind === 'error' ? true : undefined}
        aria-describedby={result ? 'newsletter-result' : undefined}
      />
      <button type="submit" className="button" aria-disabled={submitting || undefined}>
        {submitting ? 'Subscribing...' : 'Subscribe'}
      </button>
      {/* Always present so screen readers announce the message when it appears. */}
      <div role="status" id="newsletter-result" className="site-footer__newsletter-status">
        {result ? (
          <p
            className={`site-footer__newsletter-result${result.kind === 'error' ? ' site-footer__newsletter-result--error' : ''}`}
          >
            {result.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
