import { type ReactNode } from 'react';
import { useAddToCart } from './use-add-to-cart';
import { AddToCartContext } from './add-to-cart-handler';

/**
 * Gives every Add to Cart button below it the shop's handler, so catalog grids and pages need not thread
 * a handler through each level. Needs the router, Apollo and a ToastProvider above it.
 */
export function AddToCartProvider({ children }: { children: ReactNode }) {
  const addToCart = useAddToCart();
  return <AddToCartContext.Provider value={addToCart}>{children}</AddToCartContext.Provider>;
}
