import { createContext, useContext, type ReactNode } from 'react';
import { useAddToCart, type AddToCart } from './use-add-to-cart';

const AddToCartContext = createContext<AddToCart | undefined>(undefined);

/**
 * Gives every Add to Cart button below it the shop's handler, so catalog grids and pages need not thread
 * an `onAddToCart` prop through each level. Needs the router, Apollo and a ToastProvider above it.
 */
export function AddToCartProvider({ children }: { children: ReactNode }) {
  const addToCart = useAddToCart();
  return <AddToCartContext.Provider value={addToCart}>{children}</AddToCartContext.Provider>;
}

/** The handler from the nearest AddToCartProvider; undefined outside one (the button then does nothing). */
export function useAddToCartHandler(): AddToCart | undefined {
  return useContext(AddToCartContext);
}
