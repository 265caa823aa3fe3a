import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import { pageOf } from '../../shared/pagination';
import { Permission } from '../accounts/guards';
import type { Refund } from './refund.entity';
import { refundsService } from './refunds.service';

@ObjectType('Refund', { simpleResolvers: true })
export class RefundView {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: 'In cents of KES.' })
  amountCents!: number;

  @Field(() => String)
  reason!: string;

  @Field(() => String, {
    description:
      'pending (awaiting Paystack), processed, failed (Paystack refused it) or not_sent (Paystack never received it; nothing was refunded)',
  })
  status!: string;

  @Field(() => Boolean, { description: "The order's stock goes back once the refund is processed." })
  restock!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('RefundPayload')
export class RefundPayload extends MutationPayload {
  @Field(() => RefundView, { nullable: true })
  refund!: RefundView | null;
}

function toRefundView(refund: Refund): RefundView {
  return Object.assign(new RefundView(), {
    id: refund.id,
    amountCents: refund.amountCents,
    reason: refund.reason,
    status: refund.status,
    restock: refund.restock,
    createdAt: refund.createdAt,
  });
}

@Resolver()
export class RefundsResolver {
  @Authorized(Permission.REFUNDS)
  @Mutation(() => RefundPayload, {
    description: 'Sends money of a paid order back through Paystack: all that is left when no amount is given.',
  })
  async refundOrder(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
    @Arg('reason', () => String) reason: string,
    @Arg('amountCents', () => Int, { nullable: true }) amountCents?: number,
    @Arg('restock', () => Boolean, { nullable: true, defaultValue: false }) restock?: boolean,
    @Arg('extraPayment', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: 'Refund the late or double payment flagged "refund needed" instead of the one that paid.',
    })
    extraPayment?: boolean,
  ): Promise<RefundPayload> {
    const { value, errors } = await withExpectedFailures(
      () => refundsService.refundOrder(ctx, { orderId, reason, amountCents, restock, extraPayment }),
      { notFoundField: 'orderId' },
    );
    return { refund: value ? toRefundView(value) : null, errors };
  }

  @Authorized(Permission.REFUNDS)
  @Query(() => Int, {
    description:
      'What a refund of the order may still take, in cents: its payment less its live refunds (pending ones too).',
  })
  async orderRefundableCents(@Ctx() ctx: RequestContext, @Arg('orderId', () => ID) orderId: string): Promise<number> {
    return refundsService.refundableCents(ctx, orderId);
  }

  @Authorized()
  @Query(() => [RefundView], { description: "An order's refunds, newest first (admins, or the shopper's own)." })
  async orderRefunds(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 20 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<RefundView[]> {
    return (await refundsService.listForOrder(ctx, orderId, pageOf(limit, offset, 20))).map(toRefundView);
  }
}
