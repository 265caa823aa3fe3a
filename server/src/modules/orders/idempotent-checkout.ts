import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, FieldError } from '../../core/errors';
import { CartItem } from '../cart/cart-item.entity';
import { Order } from './order.entity';

/**
 * A checkout's idempotency key (decision 0068): 8 to 128 visible ASCII characters (Stripe takes up to 255); a UUID
 * is best. The IETF draft (draft-ietf-httpapi-idempotency-key-header) writes the header as a quoted string: its
 * quotes are not part of the key.
 */
const keyPattern = /^[\x21-\x7e]{8,128}$/;

/** The key the client sent, or null without one; a malformed key is refused before anything is written. */
export function idempotencyKeyOf(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const key = typeof raw === 'string' ? raw.replace(/^"(.*)"$/s, '$1') : '';
  if (!keyPattern.test(key)) {
    throw AppError.field(
      'idempotencyKey',
      'INVALID',
      'The idempotency key must be 8 to 128 visible ASCII characters, without spaces (a UUID is best).',
    );
  }
  return key;
}

/** What makes two checkouts the same, besides the key: where the order goes and to whom. */
export interface CheckoutRequest {
  userId: string;
  key: string;
  deliveryLocationId: number;
  shipping: { name: string; email: string; phone: string; address: string; city: string; postalCode: string };
}

const keyConstraint = 'orders_user_id_idempotency_key_unique';

/** The order write failed because this account already has an order with the key (a retry that found a cart). */
function keyTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === keyConstraint;
}

/** Checkout found the cart empty: what a retry finds once the first attempt's order emptied it. */
function cartEmpty(error: unknown): boolean {
  return error instanceof AppError && error.fieldErrors.some((field) => field.code === 'EMPTY_CART');
}

const keyReused = () =>
  new AppError(
    'UNPROCESSABLE',
    'This idempotency key was already used for a different checkout (other details or items). Send a new key for a new order.',
    [
      FieldError.of(
        'idempotencyKey',
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was already used for a different checkout.',
      ),
    ],
  );

/**
 * After placing an order with a key failed as a retry fails (the cart already emptied by the first attempt, or the
 * key already taken), the order the key placed, to answer with again; null when the failure was not a retry's.
 * The same key with another address, delivery location or (when the cart holds lines again) other items is
 * refused: that is another checkout, which needs its own key. The payment method may differ: any order can be
 * paid either way (initializePayment takes the method), so a shopper who switched to card is still retrying.
 */
export async function orderOfRetriedCheckout(
  em: EntityManager,
  failure: unknown,
  request: CheckoutRequest,
): Promise<Order | null> {
  const taken = keyTaken(failure);
  if (!taken && !cartEmpty(failure)) return null;
  const earlier = await em.findOne(
    Order,
    { user: request.userId, idempotencyKey: request.key },
    { populate: ['items', 'deliveryLocation'] },
  );
  if (!earlier) return null;
  const { shipping } = request;
  const sameDelivery =
    earlier.deliveryLocation.id === request.deliveryLocationId &&
    earlier.recipientName === shipping.name &&
    earlier.recipientEmail === shipping.email &&
    earlier.recipientPhone === shipping.phone &&
    earlier.shippingAddress === shipping.address &&
    earlier.shippingCity === shipping.city &&
    earlier.shippingPostalCode === shipping.postalCode;
  if (!sameDelivery) throw keyReused();
  // The key was taken by a write that found lines in the cart: those lines must be what the order holds.
  if (taken && !sameLines(await em.find(CartItem, { user: request.userId }), earlier)) throw keyReused();
  return earlier;
}

function sameLines(cart: CartItem[], order: Order): boolean {
  const ordered = new Map(order.items.getItems().map((item) => [item.variant?.id, item.quantity]));
  return cart.length === ordered.size && cart.every((line) => ordered.get(line.variant.id) === line.quantity);
}
