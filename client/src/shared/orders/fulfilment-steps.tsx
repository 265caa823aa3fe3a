import { formatDateTime } from '../format-date';
import './fulfilment-steps.css';

/** A step as the server describes it (issue 27): the tracking page, My Orders and the admin's orders show these. */
export interface FulfilmentStepItem {
  id: string;
  stage: string;
  title: string;
  detail?: string | null;
  at: string;
  /** The team member who took it: only on the admin's list. */
  by?: string | null;
}

/** The order's way to the door so far, oldest first; the last step is where it is now. */
export function FulfilmentSteps({ steps, label }: { steps: readonly FulfilmentStepItem[]; label: string }) {
  return (
    <ol className="fulfilment-steps" aria-label={label}>
      {steps.map((step, index) => (
        <li
          key={step.id}
          className={`fulfilment-steps__step fulfilment-steps__step--${step.stage}`}
          aria-current={index === steps.length - 1 ? 'step' : undefined}
        >
          <span className="fulfilment-steps__title">{step.title}</span>
          <time className="fulfilment-steps__at" dateTime={step.at}>
            {formatDateTime(step.at)}
          </time>
          {step.detail ? <span className="fulfilment-steps__detail">{step.detail}</span> : null}
          {step.by ? <span className="fulfilment-steps__by">by {step.by}</span> : null}
        </li>
      ))}
    </ol>
  );
}
