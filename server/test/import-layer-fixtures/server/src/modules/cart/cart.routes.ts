import { sendData } from '../../http/envelope';
import { cartTotal } from './cart.service';

export const cartAnswer = sendData(cartTotal([100]));
