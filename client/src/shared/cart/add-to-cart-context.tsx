import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useAddToCart, type AddToCartEvents } from './use-add-to-cart';
import { AddToCartContext } from './add-to-cart-handler';
import type { AddedToCart, MiniCartDrawer } from './mini-cart-drawer';
import { useToast } from '../ui/use-toast';
import { useViewer } from '../session/use-viewer';
import { clearPendingAddToCart, readPendingAddToCart } from './pending-add-to-cart';

/** Said politely (a status toast) only when the drawer's chunk could not be loaded (offline, a new deploy). */
export const ADDED_TO_CART_MESSAGE = 'Added to cart';

interface MiniCartModule {
  MiniCartDrawer: typeof MiniCartDrawer;
}
let miniCartModule: Promise<MiniCartModule | null> | undefined;

/** The drawer's chunk, asked for once; null if it failed to load, and the next add tries again. */
function loadMiniCart(): Promise<MiniCartModule | null> {
  return (miniCartModule ??= import('./mini-cart-drawer').catch(() => {
    miniCartModule = undefined;
    return null;
  }));
}

/**
 * Gives every Add to Cart button below it the shop's handler, so catalog grids and pages need not thread
 * a handler through each level, and opens the mini-cart drawer after each successful add (decision 0052).
 * Needs the router, Apollo and a ToastProvider above it.
 */
export function AddToCartProvider({ children }: { children: ReactNode }) {
  const { showToast } = useToast();
  const { pathname } = useLocation();
  const [Drawer, setDrawer] = useState<typeof MiniCartDrawer | null>(null);
  const [added, setAdded] = useState<AddedToCart | null>(null);
  // The button pressed, and the page it was pressed on: focus goes back to it when the drawer closes.
  const trigger = useRef<HTMLElement | null>(null);
  const addedOn = useRef(pathname);
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);

  // Following a link (the drawer's own, or Back) closes the drawer; adjusted while rendering, as the header does.
  const [openPath, setOpenPath] = useState(pathname);
  if (openPath !== pathname) {
    setOpenPath(pathname);
    setAdded(null);
  }

  const onAdding = useCallback(() => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    addedOn.current = here.current;
    // The chunk, then (the drawer mounted closed) the delivery terms, travel while the add does.
    void loadMiniCart().then((module) => {
      if (module) setDrawer(() => module.MiniCartDrawer);
    });
  }, []);

  const onAdded = useCallback<AddToCartEvents['onAdded']>(
    async (result) => {
      const module = await loadMiniCart();
      // The shopper has moved on to another page meanwhile: a polite word, not a dialog over the new page.
      if (!module || here.current !== addedOn.current) {
        showToast(ADDED_TO_CART_MESSAGE, { variant: 'success' });
        return;
      }
      setDrawer(() => module.MiniCartDrawer);
      setAdded(result);
    },
    [showToast],
  );

  const addToCart = useAddToCart({ onAdding, onAdded });

  // Back from signing in on the page whose Add to Cart sent the guest away: that add is made now, once.
  const { viewer } = useViewer();
  useEffect(() => {
    if (!viewer) return;
    const pending = readPendingAddToCart();
    if (!pending || pending.from.split(/[?#]/)[0] !== pathname) return;
    clearPendingAddToCart();
    void addToCart(pending.productId, pending.quantity, pending.variantId);
  }, [viewer, pathname, addToCart]);
  const close = useCallback(() => setAdded(null), []);
  const returnFocusTo = useCallback(() => trigger.current, []);

  return (
    <AddToCartContext.Provider value={addToCart}>
      {children}
      {Drawer ? <Drawer added={added} onClose={close} returnFocusTo={returnFocusTo} /> : null}
    </AddToCartContext.Provider>
  );
}
