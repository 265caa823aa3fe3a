import { Arg, Authorized, Ctx, Field, ID, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import { OrderView, toOrderView } from '../orders/orders.views';
import { paymentsService } from './payments.service';

@ObjectType('PaymentInitPayload')
export class PaymentInitPayload extends MutationPayload {
  @Field(() => String, { nullable: true, description: 'Where to send the browser (Paystack, or the local stand-in).' })
  authorizationUrl!: string | null;

  @Field(() => String, { nullable: true })
  reference!: string | null;
}

@ObjectType('PaymentResult')
export class PaymentResult extends MutationPayload {
  @Field(() => String, { description: 'completed, failed or pending' })
  status!: string;

  @Field(() => OrderView, { nullable: true })
  order!: OrderView | null;
}

@Resolver()
export class PaymentsResolver {
  @Authorized()
  @Mutation(() => PaymentInitPayload, { description: "Starts paying the caller's unpaid order through Paystack." })
  async initializePayment(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
    @Arg('method', () => String, { nullable: true, description: "card or mpesa; the order's method when absent." })
    method: string | null,
  ): Promise<PaymentInitPayload> {
    const { value, errors } = await withExpectedFailures(() => paymentsService.initialize(ctx, orderId, method));
    return { authorizationUrl: value?.authorizationUrl ?? null, reference: value?.reference ?? null, errors };
  }

  @Authorized()
  @Mutation(() => PaymentResult, {
    description: 'How a payment ended, asked of Paystack (the return to /checkout/callback).',
  })
  async verifyPayment(
    @Ctx() ctx: RequestContext,
    @Arg('reference', () => String) reference: string,
  ): Promise<PaymentResult> {
    const { value, errors } = await withExpectedFailures(() => paymentsService.verify(ctx, reference));
    return { status: value?.outcome ?? 'failed', order: value ? toOrderView(value.order) : null, errors };
  }
}
