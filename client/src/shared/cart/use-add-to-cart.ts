import { CombinedGraphQLErrors, type ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CartBadgeDocument, useAddToCartMutation, type CartContentsFragment } from './cart.generated';
import { serverMessageOr } from '../error-message';
import { savePendingAddToCart } from './pending-add-to-cart';
import { SIGN_IN_PATH } from '../session/require-auth';
import { useViewer } from '../session/use-viewer';
import { useToast } from '../ui/use-toast';

/** SPEC §8. */
export const LOGIN_TO_ADD_MESSAGE = 'Please log in to add items to your cart';
/** SPEC §9: the notice shows, then the login screen follows after this delay. */
export const LOGIN_REDIRECT_DELAY_MS = 2000;
export const ADD_TO_CART_FAILED_MESSAGE = 'Failed to add item to cart';
/**
 * `quantity` from the product page's selector; one when absent (the cards' buttons). `variantId`: the chosen size;
 * the server adds the default size when absent.
 */
export type AddToCart = (productId: number, quantity?: number, variantId?: number) => Promise<void>;

export interface AddToCartEvents {
  /** A signed-in (or not yet known) shopper's add is about to be sent. */
  onAdding: () => void;
  /** The server saved it; `cart` is its whole cart after the add. Awaited: the button stays busy until it is done. */
  onAdded: (added: { cart: CartContentsFragment; productId: number; variantId?: number }) => Promise<void>;
}

/**
 * Adds a product (one, or the quantity asked) to the signed-in shopper's cart. The badge follows from the mutation's cart in the
 * normalised cache; what the shopper sees next is the caller's (`onAdded`: the mini-cart drawer). Guests (and
 * expired sessions) are told to log in, then sent to /account with state.from so signing in brings them back, and
 * the add is kept (pending-add-to-cart.ts) for AddToCartProvider to complete there.
 * Failures are toasts; the promise never rejects.
 */
export function useAddToCart({ onAdding, onAdded }: AddToCartEvents): AddToCart {
  const { viewer, loading: viewerLoading } = useViewer();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [addToCart] = useAddToCartMutation();
  const client = useApolloClient();

  // Where the shopper is now, read when the delay ends: if they have moved on, the redirect is dropped.
  const here = useRef(`${pathname}${search}`);
  useEffect(() => {
    here.current = `${pathname}${search}`;
  }, [pathname, search]);
  const pendingRedirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pendingRedirect.current), []);

  const sendToLogin = useCallback(
    (add: { productId: number; quantity: number; variantId?: number }) => {
      // A second click while the notice shows neither repeats it nor queues another redirect.
      if (pendingRedirect.current !== undefined) return;
      showToast(LOGIN_TO_ADD_MESSAGE, { variant: 'info' });
      const from = here.current;
      pendingRedirect.current = window.setTimeout(() => {
        pendingRedirect.current = undefined;
        if (here.current !== from) return;
        // Completed after whichever way of signing in, back on this page (issue 26).
        savePendingAddToCart({ ...add, from });
        void navigate(SIGN_IN_PATH, { state: { from } });
      }, LOGIN_REDIRECT_DELAY_MS);
    },
    [showToast, navigate],
  );

  return useCallback(
    async (productId: number, quantity = 1, variantId?: number) => {
      // Only a known guest is turned away here: while `me` is still loading (a click right after the page
      // opens) the server decides, and answers UNAUTHENTICATED for a guest.
      const add = { productId, quantity, ...(variantId === undefined ? {} : { variantId }) };
      if (!viewer && !viewerLoading) {
        sendToLogin(add);
        return;
      }
      // The badge's first read may be under way (made before `me` answered, or still in flight after it): its
      // answer, read before this add was saved, would land after the add's and put the old count back.
      const badgeMayBeStale = !viewer || badgeReadInFlight(client);
      onAdding();
      let cart: CartContentsFragment;
      try {
        const { data } = await addToCart({
          variables: { productId, quantity, ...(variantId === undefined ? {} : { variantId }) },
        });
        if (badgeMayBeStale && data?.addToCart.cart) void rereadBadge(client);
        const error = data?.addToCart.errors[0];
        if (error || !data?.addToCart.cart) {
          showToast(error?.message ?? ADD_TO_CART_FAILED_MESSAGE, { variant: 'error' });
          return;
        }
        cart = data.addToCart.cart;
      } catch (error) {
        if (isUnauthenticated(error)) sendToLogin(add);
        else showToast(serverMessageOr(error, ADD_TO_CART_FAILED_MESSAGE), { variant: 'error' });
        return;
      }
      await onAdded({ cart, productId, ...(variantId === undefined ? {} : { variantId }) });
    },
    [viewer, viewerLoading, addToCart, showToast, sendToLogin, client, onAdding, onAdded],
  );
}

/** Whether the header badge's query is waiting for the server right now. */
function badgeReadInFlight(client: ApolloClient): boolean {
  return [...client.getObservableQueries([CartBadgeDocument])].some((query) => query.getCurrentResult().loading);
}

/**
 * After an add made before `me` answered or while the badge's read was in flight: that read may have seen the
 * cart before the add was saved and land after the add's answer, putting the old count back. Wait for a badge
 * request already under way (a refetch joins it), then read once more: that answer lands last.
 */
async function rereadBadge(client: ApolloClient): Promise<void> {
  try {
    await client.refetchQueries({ include: [CartBadgeDocument] });
    await client.query({ query: CartBadgeDocument, fetchPolicy: 'network-only' });
  } catch {
    // The count stays as the add left it.
  }
}

function isUnauthenticated(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}
