import { Link, useSearchParams } from 'react-router-dom';
import { RequireAuth, SIGN_IN_PATH } from '../../../shared/session/require-auth';
import { useViewer } from '../../../shared/session/use-viewer';
import { PageMeta } from '../../../shared/ui/page-meta';
import { StopCartReminders } from '../components/stop-cart-reminders';
import { CartPage } from './cart-page';
import '../cart.css';

/**
 * /cart: the signed-in shopper's cart. A cart reminder's link (/cart?stop=…) must stop reminders without signing
 * in (the token names the account), so a signed-out visitor who follows it is offered that instead of the sign-in
 * screen; without `stop`, a guest signs in as before.
 */
export function CartRoute() {
  const { viewer, loading } = useViewer();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('stop');
  if (!loading && !viewer && token) return <SignedOutReminderStop token={token} />;
  return (
    <RequireAuth>
      <CartPage />
    </RequireAuth>
  );
}

function SignedOutReminderStop({ token }: { token: string }) {
  return (
    <section className="page cart-page">
      <PageMeta title="Cart reminders" noIndex />
      <h1>Cart reminders</h1>
      <StopCartReminders token={token} />
      <p>
        <Link to={SIGN_IN_PATH} state={{ from: '/cart' }}>
          Sign in to see your cart
        </Link>
      </p>
    </section>
  );
}
