import { Router } from 'express';
import { AppError } from '../../core/errors';
import { sendData } from '../../core/envelope';
import { centsToShillings } from '../../shared/money';
import { requireSelf } from '../accounts/guards';
import type { CartView } from './cart.views';
import { cartService } from './cart.service';

/** The spec's cart item: id, product_id, quantity, unit_price (shillings), name, category, image, product. */
function toRestCart(cart: CartView) {
  return cart.items.map((line) => ({
    id: line.id,
    product_id: line.product.id,
    variant_id: line.variant.id,
    size: line.variant.label,
    quantity: line.quantity,
    unit_price: centsToShillings(line.unitPriceCents),
    name: line.product.name,
    category: line.product.category,
    image: line.product.images[0]?.fileName ?? null,
    product: {
      id: line.product.id,
      name: line.product.name,
      category: line.product.category,
      images: line.product.images.map((image) => image.fileName),
    },
  }));
}

const notYourCart = 'You can only see and change your own cart.';

export function cartRoutes(): Router {
  const router = Router();

  router.get('/carts/user/:userId', async (request, response) => {
    requireSelf(request.ctx, request.params.userId, notYourCart);
    const cart = await cartService.cart(request.ctx);
    // The spec's client reads 404 as an empty cart.
    if (cart.items.length === 0) throw AppError.notFound('Your cart is empty');
    sendData(response, toRestCart(cart), 'Cart fetched');
  });

  // unit_price and total_price in the body are ignored: the server prices the cart.
  router.post('/carts/add', async (request, response) => {
    requireSelf(request.ctx, request.body?.user_id, notYourCart);
    const body = request.body;
    const cart = await cartService.add(request.ctx, body?.product_id, body?.quantity ?? 1, body?.variant_id);
    sendData(response, toRestCart(cart), 'Added to cart', 201);
  });

  router.put('/carts/update/:id', async (request, response) => {
    const cart = await cartService.update(request.ctx, request.params.id, request.body?.quantity);
    sendData(response, toRestCart(cart), 'Cart updated');
  });

  router.delete('/carts/delete/:id', async (request, response) => {
    const cart = await cartService.remove(request.ctx, request.params.id);
    sendData(response, toRestCart(cart), 'Removed from cart');
  });

  return router;
}
