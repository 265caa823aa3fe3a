import { useId, useState, type FormEvent } from 'react';
import { useAskBackInStockMutation, type BackInStockChannel } from '../api/notify-when-back.generated';
import { useViewerQuery } from '../../../shared/session/session.generated';
import { serverMessageOr } from '../../../shared/error-message';
import './notify-when-back.css';

interface NotifyWhenBackProps {
  /** The sold-out size; the parent keys this control by it, so choosing another size starts afresh. */
  variantId: number;
}

type Outcome = { done: true; message: string } | { done: false; message: string } | null;

/**
 * "Notify me when back" on a sold-out size (decision 0105): one tap for a signed-in shopper (by e-mail, or SMS for
 * a phone-only account; a choice when the account has both), an e-mail or Kenyan mobile for a guest. The server
 * checks the contact and sends one message, once, when the size is on the shelf again.
 */
export function NotifyWhenBack({ variantId }: NotifyWhenBackProps) {
  // Who is signed in, as the header already asked: read from the cache only, so this control sends nothing until used.
  const viewer = useViewerQuery({ fetchPolicy: 'cache-only' }).data?.me ?? null;
  const [ask, { loading }] = useAskBackInStockMutation();
  const [open, setOpen] = useState(false);
  const [contact, setContact] = useState('');
  const [channel, setChannel] = useState<BackInStockChannel>('EMAIL');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputId = useId();
  const messageId = useId();
  const both = Boolean(viewer?.email && viewer?.phone);

  async function send(variables: { channel?: BackInStockChannel; contact?: string }) {
    setOutcome(null);
    try {
      const { data } = await ask({ variables: { variantId, ...variables } });
      const answer = data?.askBackInStock;
      if (!answer) throw new Error('no answer');
      setOutcome({ done: answer.asked, message: answer.errors[0]?.message ?? answer.message });
    } catch (error) {
      setOutcome({ done: false, message: serverMessageOr(error, 'Could not save that. Please try again.') });
    }
  }

  function tapped() {
    // A signed-in shopper with one way to be told: that one tap is enough.
    if (viewer && !both) void send({});
    else setOpen(true);
  }

  function submitted(event: FormEvent) {
    event.preventDefault();
    if (viewer) void send({ channel });
    else if (!contact.trim()) setOutcome({ done: false, message: 'Enter your e-mail or Kenyan mobile number.' });
    else void send({ contact });
  }

  if (outcome?.done) {
    return (
      <p className="notify-when-back__done" role="status">
        {outcome.message}
      </p>
    );
  }
  const problem = outcome ? (
    <p id={messageId} className="notify-when-back__problem" role="alert">
      {outcome.message}
    </p>
  ) : null;

  if (!open) {
    return (
      <div className="notify-when-back">
        <button type="button" className="button button--outline" disabled={loading} onClick={tapped}>
          {loading ? 'Saving...' : 'Notify me when back'}
        </button>
        {problem}
      </div>
    );
  }
  return (
    <form className="notify-when-back notify-when-back--open" onSubmit={submitted} noValidate>
      {viewer ? (
        <fieldset className="notify-when-back__channels">
          <legend>Tell me by</legend>
          <label>
            <input type="radio" name="channel" checked={channel === 'EMAIL'} onChange={() => setChannel('EMAIL')} />
            {` E-mail (${viewer.email})`}
          </label>
          <label>
            <input type="radio" name="channel" checked={channel === 'SMS'} onChange={() => setChannel('SMS')} />
            {` SMS (${viewer.phone})`}
          </label>
        </fieldset>
      ) : (
        <>
          <label htmlFor={inputId}>E-mail or Kenyan mobile number</label>
          <input
            id={inputId}
            type="text"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={contact}
            aria-invalid={outcome ? true : undefined}
            aria-describedby={outcome ? messageId : undefined}
            onChange={(event) => setContact(event.target.value)}
          />
        </>
      )}
      <button type="submit" className="button" disabled={loading}>
        {loading ? 'Saving...' : 'Notify me'}
      </button>
      {problem}
      <p className="notify-when-back__note">We send one message when this size is back, and no more.</p>
    </form>
  );
}
