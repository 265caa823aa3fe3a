import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import { pageOf } from '../../shared/pagination';
import { Permission } from '../accounts/guards';
import { AdminOrderListView, OrderPayload, OrderStatusChangeView } from './orders-admin.views';
import { ordersAdminService } from './orders-admin.service';
import { toOrderView } from './orders.views';

@Resolver()
export class OrdersAdminResolver {
  @Authorized(Permission.ORDERS)
  @Query(() => AdminOrderListView, { description: 'Orders newest first: search by recipient name, city or id.' })
  async adminOrders(
    @Ctx() ctx: RequestContext,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('status', () => String, { nullable: true, description: 'pending, delivered or cancelled' }) status?: string,
    @Arg('paymentState', () => String, {
      nullable: true,
      description:
        'paid, pending, failed, refunded (in part or in full), refund_needed or to_collect (paid on delivery, not yet)',
    })
    paymentState?: string,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<AdminOrderListView> {
    const list = await ordersAdminService.list(ctx, { search, status, paymentState, page: pageOf(limit, offset, 50) });
    return {
      ...list,
      orders: list.orders.map((order) => toOrderView(order, { refundNeededCents: list.refundNeeded.get(order.id) })),
    };
  }

  @Authorized(Permission.ORDERS)
  @Query(() => [OrderStatusChangeView], { description: "An order's status history, oldest first." })
  async orderStatusChanges(
    @Ctx() ctx: RequestContext,
    @Arg('orderId', () => ID) orderId: string,
  ): Promise<OrderStatusChangeView[]> {
    return ordersAdminService.statusChanges(ctx, orderId);
  }

  @Authorized(Permission.ORDERS)
  @Mutation(() => OrderPayload, { description: 'Any status to any other; cancelling gives held stock back.' })
  async updateOrderStatus(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('status', () => String) status: string,
  ): Promise<OrderPayload> {
    const { value, errors } = await withExpectedFailures(() => ordersAdminService.updateStatus(ctx, id, status));
    return { order: value ? toOrderView(value) : null, errors };
  }
}
