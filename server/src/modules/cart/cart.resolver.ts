import {
  Arg,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import { CartDeliveryQuoteView, CartView } from './cart.views';
import { deliveryService } from '../orders/delivery.service';
import { orderTotals } from '../orders/order-money';
import { payOnDeliveryRefusal } from '../orders/pay-on-delivery-rules';
import { cartService } from './cart.service';

@ObjectType('CartPayload')
export class CartPayload extends MutationPayload {
  @Field(() => CartView, { nullable: true })
  cart!: CartView | null;
}

async function cartPayload(work: () => Promise<CartView>): Promise<CartPayload> {
  const { value, errors } = await withExpectedFailures(work);
  return { cart: value, errors };
}

@Resolver(() => CartView)
export class CartResolver {
  @FieldResolver(() => [CartDeliveryQuoteView], {
    description:
      'The cart priced for each delivery location, by the rules checkout charges by: the summary shows these, never its own sums.',
  })
  async deliveryQuotes(@Root() cart: CartView, @Ctx() ctx: RequestContext): Promise<CartDeliveryQuoteView[]> {
    // The locations are read once per request, whatever else on the page asks for them.
    const locations = await deliveryService.listLocations(ctx);
    return locations.map((location) => {
      const totals = orderTotals(cart.subtotalCents, cart.discountCents, location.feeCents);
      const refusal = payOnDeliveryRefusal(
        { name: location.name, payOnDelivery: location.payOnDelivery, maxCents: location.payOnDeliveryMaxCents },
        totals.totalCents,
      );
      return Object.assign(new CartDeliveryQuoteView(), {
        deliveryLocationId: location.id,
        shippingFeeCents: totals.shippingFeeCents,
        totalCents: totals.totalCents,
        payOnDelivery: refusal === null,
        payOnDeliveryRefusal: refusal?.message ?? null,
      });
    });
  }

  @Authorized()
  @Query(() => CartView, { description: "The signed-in shopper's cart at today's prices." })
  async cart(@Ctx() ctx: RequestContext): Promise<CartView> {
    return cartService.cart(ctx);
  }

  @Authorized()
  @Mutation(() => CartPayload, {
    description: 'Adds a product (1 unless a quantity is given); more than the stock is refused.',
  })
  async addToCart(
    @Ctx() ctx: RequestContext,
    @Arg('productId', () => Int) productId: number,
    @Arg('quantity', () => Int, { nullable: true }) quantity?: number,
    @Arg('variantId', () => Int, { nullable: true, description: "The size; the product's default size when absent." })
    variantId?: number | null,
  ): Promise<CartPayload> {
    return cartPayload(() => cartService.add(ctx, productId, quantity ?? 1, variantId));
  }

  @Authorized()
  @Mutation(() => CartPayload, { description: 'Sets a line’s quantity; below 1 removes it.' })
  async updateCartItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
    @Arg('quantity', () => Int) quantity: number,
  ): Promise<CartPayload> {
    return cartPayload(() => cartService.update(ctx, id, quantity));
  }

  @Authorized()
  @Mutation(() => CartPayload)
  async removeCartItem(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<CartPayload> {
    return cartPayload(() => cartService.remove(ctx, id));
  }

  @Authorized()
  @Mutation(() => CartPayload)
  async clearCart(@Ctx() ctx: RequestContext): Promise<CartPayload> {
    return cartPayload(() => cartService.clear(ctx));
  }
}
