import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  useDeliveryLocationsQuery,
  useRemoveCartItemMutation,
  useUpdateCartItemMutation,
} from '../api/cart-page.generated';
import { useCart, type CartLine } from '../../../shared/cart/use-cart';
import { serverMessageOr } from '../../../shared/error-message';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useToast } from '../../../shared/ui/use-toast';
import { CartRow } from '../components/cart-row';
import { CheckoutModal } from '../components/checkout-modal';
import { OrderSummary } from '../components/order-summary';
import { StopCartReminders } from '../components/stop-cart-reminders';
import '../cart.css';

export function CartPage() {
  const { cart, loading, error, refetch } = useCart();
  const locations = useDeliveryLocationsQuery();
  const [updateItem] = useUpdateCartItemMutation();
  const [removeItem] = useRemoveCartItemMutation();
  const { showToast } = useToast();
  const [updatingIds, setUpdatingIds] = useState<ReadonlySet<number>>(new Set());
  const [locationId, setLocationId] = useState<number | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const { hash } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // A cart reminder's link (/cart?stop=…) offers to stop the reminders. The token is kept once read, so the answer
  // stays on screen after `stop` leaves the address (a reload or a shared link must not offer it again).
  const linkToken = searchParams.get('stop');
  const [reminderToken, setReminderToken] = useState(linkToken);
  if (linkToken && linkToken !== reminderToken) setReminderToken(linkToken);
  const dropStopParam = () =>
    setSearchParams(
      (params) => {
        params.delete('stop');
        return params;
      },
      { replace: true },
    );

  // Arriving by the mini-cart's Checkout (/cart#order-summary): the summary, where checkout starts, takes focus and
  // so comes into view once the cart has drawn it (a client-side navigation does not scroll to a fragment).
  const hasSummary = Boolean(cart && cart.items.length > 0);
  useEffect(() => {
    if (hasSummary && hash === '#order-summary') document.getElementById('order-summary')?.focus();
  }, [hasSummary, hash]);

  // Each line waits on its own request (SPEC §4: per-item loading flags); the cart in the mutation's answer
  // replaces the cached one. A failure shows the server's reason and re-reads the cart (SPEC §4).
  async function change(line: CartLine, run: () => Promise<{ errors: { message: string }[] } | undefined>) {
    setUpdatingIds((ids) => new Set(ids).add(line.id));
    try {
      const payload = await run();
      const failure = payload?.errors[0];
      if (failure) {
        showToast(failure.message, { variant: 'error' });
        await refetch().catch(() => undefined);
      }
    } catch (failure) {
      showToast(serverMessageOr(failure, 'Failed to update your cart'), { variant: 'error' });
      await refetch().catch(() => undefined);
    } finally {
      setUpdatingIds((ids) => {
        const next = new Set(ids);
        next.delete(line.id);
        return next;
      });
    }
  }

  const onQuantityChange = (line: CartLine, quantity: number) => {
    if (quantity < 1) return;
    void change(line, async () => (await updateItem({ variables: { id: line.id, quantity } })).data?.updateCartItem);
  };
  const onRemove = (line: CartLine) => {
    void change(line, async () => (await removeItem({ variables: { id: line.id } })).data?.removeCartItem);
  };

  const deliveryLocations = locations.data?.deliveryLocations ?? [];
  const freeDeliveryFromCents = locations.data?.freeDeliveryFromCents ?? null;
  const selectedLocation = deliveryLocations.find((location) => location.id === locationId) ?? null;

  return (
    <div className="page cart-page">
      <PageMeta title="Shopping Cart" noIndex />
      <h1>Shopping Cart</h1>
      {reminderToken ? <StopCartReminders key={reminderToken} token={reminderToken} onSettled={dropStopParam} /> : null}
      {loading ? (
        <p role="status">Loading your cart…</p>
      ) : !cart ? (
        <p role="alert">{serverMessageOr(error, 'Failed to load your cart. Please try again.')}</p>
      ) : cart.items.length === 0 ? (
        <div className="cart-page__empty">
          <p>Your cart is empty</p>
          <Link to="/" className="button">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="cart-page__layout">
          <ul className="cart-page__items" aria-label="Cart items">
            {cart.items.map((line) => (
              <CartRow
                key={line.id}
                line={line}
                sizeInName={cart.items.some((other) => other.id !== line.id && other.product.id === line.product.id)}
                updating={updatingIds.has(line.id)}
                onQuantityChange={onQuantityChange}
                onRemove={onRemove}
              />
            ))}
          </ul>
          <OrderSummary
            quote={cart}
            discount={{ code: cart.discountCode, cents: cart.discountCents, problem: cart.discountProblem }}
            locations={deliveryLocations}
            locationsFailed={Boolean(locations.error)}
            freeDeliveryFromCents={freeDeliveryFromCents}
            selected={selectedLocation}
            onSelect={setLocationId}
            onCheckout={() => setCheckoutOpen(true)}
          />
        </div>
      )}
      {cart && selectedLocation ? (
        <CheckoutModal
          open={checkoutOpen}
          onClose={() => setCheckoutOpen(false)}
          location={selectedLocation}
          quote={cart}
          discountCode={cart.discountCode}
        />
      ) : null}
    </div>
  );
}
