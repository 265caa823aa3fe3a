import { cartSummary } from '../features/cart/cart-summary';

export const routes = [{ path: '/cart', title: cartSummary(0) }];
