import { routes } from '../../app/routes';
import { cartSummary } from '../cart/cart-summary';

export const adminSummary = `${routes.length} ${cartSummary(1)}`;
