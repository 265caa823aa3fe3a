import { useCartQuery, type CartContentsFragment } from './cart.generated';

export type CartLine = CartContentsFragment['items'][number];

/** The signed-in shopper's cart (use under RequireAuth). Network too, as another tab may have changed it. */
export function useCart() {
  const { data, loading, error, refetch } = useCartQuery({ fetchPolicy: 'cache-and-network' });
  return { cart: data?.cart ?? null, loading: loading && !data, error, refetch };
}
