import { createContext, useContext, type ReactNode } from 'react';
import { useAddToCart, type AddToCart } from './use-add-to-cart';

/** Exported for tests, which give the buttons a stand-in handler; the app provides it with AddToCartProvider. */
export const AddToCartContext = createContext<AddToCart | undefined>(undefined);

/**
 * Gives every Add to Cart button below it the shop's handler, so catalog grids and pages need not thread
 * a handler through each level. Needs the router, Apollo and a ToastProvider above it.
 */
export function AddToCartProvider({ children }: { children: ReactNode }) {
  const addToCart = useAddToCart();
  return <AddToCartContext.Provider value={addToCart}>{children}</AddToCartContext.Provider>;
}

/** The handler from the nearest AddToCartProvider; undefined outside one (the button then does nothing). */
export function useAddToCartHandler(): AddToCart | undefined {
  return useContext(AddToCartContext);
}
