import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import { Permission } from '../accounts/guards';
import { OrderPayload } from '../orders/orders-admin.views';
import { toOrderView } from '../orders/orders.views';
import { cashOnDeliveryService } from './cash-on-delivery.service';
import { PayWithMpesaPayload } from './mpesa.resolver';
import { mpesaService } from './mpesa.service';

/** At the door, for orders paid on delivery (issue 26): the rider's two ways to be paid, pressed by an admin. */
@Resolver()
export class DoorPaymentsResolver {
  @Authorized(Permission.ORDERS)
  @Mutation(() => PayWithMpesaPayload, {
    description:
      "Prompts the recipient's phone (or the number given) to pay an order placed to be paid on delivery (M-Pesa).",
  })
  async requestDeliveryPayment(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
    @Arg('phone', () => String, { nullable: true }) phone?: string | null,
  ): Promise<PayWithMpesaPayload> {
    const { value, errors } = await withExpectedFailures(() => mpesaService.requestAtDoor(ctx, orderId, phone), {
      notFoundField: 'orderId',
    });
    return { charge: value ? { ...value, id: value.reference } : null, errors };
  }

  @Authorized(Permission.ORDERS)
  @Mutation(() => OrderPayload, { description: 'Records cash received at the door for an order paid on delivery.' })
  async recordCashPayment(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
  ): Promise<OrderPayload> {
    const { value, errors } = await withExpectedFailures(() => cashOnDeliveryService.recordCash(ctx, orderId), {
      notFoundField: 'orderId',
    });
    return { order: value ? toOrderView(value) : null, errors };
  }
}
