import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import { mpesaService } from './mpesa.service';

@ObjectType('MpesaCharge')
export class MpesaChargeView {
  @Field(() => ID, { description: 'The payment reference.' }) id!: string;
  @Field(() => ID) orderId!: string;
  @Field(() => Int, { description: 'Cents of KES.' }) amountCents!: number;
  @Field(() => String, { description: 'What the shopper is asked to do, e.g. "Approve Ksh 7,320.00 on your phone".' })
  displayText!: string;
}

@ObjectType('PayWithMpesaPayload')
export class PayWithMpesaPayload extends MutationPayload {
  @Field(() => MpesaChargeView, { nullable: true }) charge!: MpesaChargeView | null;
}

@ObjectType('OrderPayment')
export class OrderPaymentView {
  @Field(() => ID) id!: string;
  @Field(() => ID) orderId!: string;
  @Field(() => String) reference!: string;
  @Field(() => String, { description: 'pending, completed (the money was taken) or failed' }) status!: string;
  @Field(() => Boolean, {
    description:
      'True when the money was taken (status completed) but the order is cancelled, so nothing will be delivered and ' +
      'the payment goes back to the card or M-Pesa account it came from: it arrived after an admin cancelled the ' +
      'order, or after its reservation ran out and the stock had gone (or an admin cancelled the order once paid). ' +
      'Show such a payment as a refund, never as a confirmed order. False for pending and failed payments.',
  })
  refundDue!: boolean;
  @Field(() => String, { nullable: true, description: "Paystack's reason when it failed." }) reason!: string | null;
  @Field(() => Int) amountCents!: number;
  @Field(() => String, { description: 'mpesa or card' }) method!: string;
}

@Resolver()
export class MpesaResolver {
  @Authorized()
  @Mutation(() => PayWithMpesaPayload, {
    description: "Prompts the caller's phone to pay their unpaid order (M-Pesa).",
  })
  async payWithMpesa(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
    @Arg('phone', () => String) phone: string,
  ): Promise<PayWithMpesaPayload> {
    const { value, errors } = await withExpectedFailures(() => mpesaService.charge(ctx, orderId, phone), {
      notFoundField: 'orderId',
    });
    return { charge: value ? { ...value, id: value.reference } : null, errors };
  }

  @Authorized()
  @Query(() => OrderPaymentView, { description: "How the caller's latest payment of an order stands (polled)." })
  async orderPayment(@Ctx() ctx: RequestContext, @Arg('orderId', () => ID) orderId: string): Promise<OrderPaymentView> {
    return mpesaService.status(ctx, orderId);
  }
}
