import { Link, useLocation } from 'react-router-dom';
import { CONTINUE_WITH_PHONE } from '../account-messages';

/** The way in for most shoppers here: a texted code. Carries the sign-in's state (where to return) along. */
export function PhoneSignInLink() {
  const { state } = useLocation();
  return (
    <p className="account-phone">
      <Link to="/phone-sign-in" state={state as unknown} className="button button--outline account-phone__link">
        {CONTINUE_WITH_PHONE}
      </Link>
    </p>
  );
}
