import { cartSummary } from '../features/cart/cart-summary';

export const badge = cartSummary(3);
