import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import { ordersService } from './orders.service';
import { OrderView, toOrderView } from './orders.views';

@InputType('ShippingInput')
export class ShippingInput {
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { description: 'A Kenyan mobile number; stored as +254…' }) phone!: string;
  @Field(() => String) address!: string;
  @Field(() => String) city!: string;
  @Field(() => String) postalCode!: string;
}

@InputType('CreateOrderInput')
export class CreateOrderInput {
  @Field(() => Int) deliveryLocationId!: number;
  @Field(() => String, {
    nullable: true,
    description: "mpesa (default), card, or on_delivery where the location offers it up to the order's total",
  })
  paymentMethod?: string;
  @Field(() => ShippingInput) shipping!: ShippingInput;
  @Field(() => Boolean, { nullable: true, description: 'Order updates on WhatsApp instead of SMS.' })
  whatsappUpdates?: boolean | null;
}

@ObjectType('CreateOrderPayload')
export class CreateOrderPayload extends MutationPayload {
  @Field(() => OrderView, { nullable: true }) order!: OrderView | null;
}

@Resolver()
export class OrdersResolver {
  @Authorized()
  @Query(() => [OrderView], { description: "The caller's own orders, newest first." })
  async myOrders(@Ctx() ctx: RequestContext): Promise<OrderView[]> {
    const { orders, refundNeeded } = await ordersService.mineWithRefundsDue(ctx);
    return orders.map((order) => toOrderView(order, { refundNeededCents: refundNeeded.get(order.id) }));
  }

  @Authorized()
  @Query(() => OrderView, {
    description: "One of the caller's own orders: what every checkout ends on, whatever the payment method.",
  })
  async myOrder(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<OrderView> {
    const { order, refundNeededCents } = await ordersService.mineById(ctx, id);
    return toOrderView(order, { refundNeededCents });
  }

  @Authorized()
  @Mutation(() => CreateOrderPayload, { description: 'An order from the cart, priced by the server, stock reserved.' })
  async createOrder(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => CreateOrderInput) input: CreateOrderInput,
    @Arg('idempotencyKey', () => String, {
      nullable: true,
      description:
        'One per checkout attempt (a UUID), sent again on every retry of it: the same key from the same account answers with the order it placed instead of placing another. 8 to 128 visible ASCII characters.',
    })
    idempotencyKey: string | null | undefined,
  ): Promise<CreateOrderPayload> {
    const { value, errors } = await withExpectedFailures(() => ordersService.create(ctx, { ...input, idempotencyKey }));
    return { order: value ? toOrderView(value.order) : null, errors };
  }
}
