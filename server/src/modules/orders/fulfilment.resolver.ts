import {
  Arg,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import { isTeamMember, Permission } from '../accounts/guards';
import { fulfilmentService, orderByTrackingToken } from './fulfilment.service';
import { FulfilmentStepView, OrderTrackingView, orderSteps, toTrackingView } from './fulfilment.views';
import type { FulfilmentStage, Order, PaymentMethod, PaymentStatus } from './order.entity';
import { OrderPayload } from './orders-admin.views';
import { OrderView, toOrderView } from './orders.views';

@InputType('OutForDeliveryInput', {
  description: 'A rider (name and phone) in town, or a courier and tracking number.',
})
class OutForDeliveryInput {
  @Field(() => String, { nullable: true })
  riderName?: string;

  @Field(() => String, { nullable: true })
  riderPhone?: string;

  @Field(() => String, { nullable: true })
  courierName?: string;

  @Field(() => String, { nullable: true })
  trackingNumber?: string;
}

@InputType('FailedDeliveryInput')
class FailedDeliveryInput {
  @Field(() => String, { description: 'What happened, as the rider reported it.' })
  reason!: string;

  @Field(() => String, { description: 'The day of the next attempt, YYYY-MM-DD (today to 14 days ahead).' })
  nextAttemptOn!: string;
}

async function stepPayload(work: () => Promise<Order>): Promise<OrderPayload> {
  const { value, errors } = await withExpectedFailures(work, { notFoundField: 'orderId' });
  return { order: value ? toOrderView(value) : null, errors };
}

@Resolver(() => OrderView)
export class FulfilmentResolver {
  @Authorized(Permission.ORDERS)
  @Mutation(() => OrderPayload, { description: 'Packed: a paid order, or one to be paid at the door (issue 27).' })
  markOrderPacked(@Ctx() ctx: RequestContext, @Arg('orderId', () => ID) orderId: string): Promise<OrderPayload> {
    return stepPayload(() => fulfilmentService.markPacked(ctx, orderId));
  }

  @Authorized(Permission.ORDERS)
  @Mutation(() => OrderPayload, { description: "Out for delivery; the shopper's message names the rider or courier." })
  markOutForDelivery(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
    @Arg('input', () => OutForDeliveryInput) input: OutForDeliveryInput,
  ): Promise<OrderPayload> {
    return stepPayload(() => fulfilmentService.markOutForDelivery(ctx, orderId, input));
  }

  @Authorized(Permission.ORDERS)
  @Mutation(() => OrderPayload, { description: 'A delivery attempt failed: why, and when the shop tries again.' })
  recordFailedDelivery(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
    @Arg('input', () => FailedDeliveryInput) input: FailedDeliveryInput,
  ): Promise<OrderPayload> {
    return stepPayload(() => fulfilmentService.recordFailedAttempt(ctx, orderId, input));
  }

  @Authorized(Permission.ORDERS)
  @Mutation(() => OrderPayload, {
    description: "Delivered: sets the spec's status too; paid-at-the-door orders once paid.",
  })
  markOrderDelivered(@Ctx() ctx: RequestContext, @Arg('orderId', () => ID) orderId: string): Promise<OrderPayload> {
    return stepPayload(() => fulfilmentService.markDelivered(ctx, orderId));
  }

  @Query(() => OrderTrackingView, {
    nullable: true,
    description:
      "An order's progress by its tracking link's token (no sign-in; no address or e-mail); null if unknown.",
  })
  async orderTracking(
    @Ctx() ctx: RequestContext,
    @Arg('token', () => String) token: string,
  ): Promise<OrderTrackingView | null> {
    const found = await orderByTrackingToken(ctx, token);
    return found ? toTrackingView(found.order, found.events) : null;
  }

  @FieldResolver(() => [FulfilmentStepView], {
    description: 'The way so far, oldest first: placed, paid, packed, out for delivery, … (one statement per page).',
  })
  async steps(@Ctx() ctx: RequestContext, @Root() order: OrderView): Promise<FulfilmentStepView[]> {
    const events = await ctx.loaders.orders.fulfilmentEvents.load(order.id);
    return orderSteps(
      {
        id: order.id,
        createdAt: order.createdAt,
        paidAt: order.paidAt,
        paymentStatus: order.paymentStatus as PaymentStatus,
        paymentMethod: order.paymentMethod as PaymentMethod,
        cashReceivedAt: order.cashReceivedAt,
        fulfilmentStage: order.fulfilmentStage as FulfilmentStage,
      },
      events,
      { withNames: ctx.viewer ? isTeamMember(ctx.viewer.role) : false },
    );
  }
}
