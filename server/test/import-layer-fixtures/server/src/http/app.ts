import { cartTotal } from '../modules/cart/cart.service';
import { sendData } from './envelope';

export const answer = sendData(cartTotal([1, 2]));
