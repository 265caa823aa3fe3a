import { useCartBadgeQuery } from './cart.generated';
import { useViewer } from '../session/use-viewer';

/**
 * The header badge: the signed-in shopper's total quantity, 0 for a guest. It reads Cart:{owner id} from
 * Apollo's cache, so every cart mutation (which returns the cart) moves it without a refetch.
 */
export function useCartQuantity(): number {
  const { viewer } = useViewer();
  const { data } = useCartBadgeQuery({ skip: viewer === null });
  return viewer === null ? 0 : (data?.cart.totalQuantity ?? 0);
}
