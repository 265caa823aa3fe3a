import { createContext, useContext } from 'react';
import type { AddToCart } from './use-add-to-cart';

/** Exported for tests, which give the buttons a stand-in handler; the app provides it with AddToCartProvider. */
export const AddToCartContext = createContext<AddToCart | undefined>(undefined);

/** The handler from the nearest AddToCartProvider; undefined outside one (the button then does nothing). */
export function useAddToCartHandler(): AddToCart | undefined {
  return useContext(AddToCartContext);
}
