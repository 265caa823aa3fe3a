import { Field, Float, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '../../core/payload';
import { OrderView } from './orders.views';

@ObjectType('OrderStats', { simpleResolvers: true })
export class OrderStatsView {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  delivered!: number;

  @Field(() => Int)
  cancelled!: number;

  @Field(() => Float, { description: "Delivered orders' totals in cents of KES (a whole number; Float for range)." })
  totalSalesCents!: number;

  @Field(() => Int, { description: 'Orders paid on delivery whose money is still to be collected.' })
  toCollect!: number;

  @Field(() => Float, { description: "Those orders' totals in cents of KES (a whole number; Float for range)." })
  toCollectCents!: number;
}

@ObjectType('AdminOrderList', { simpleResolvers: true })
export class AdminOrderListView {
  @Field(() => [OrderView])
  orders!: OrderView[];

  @Field(() => Int, { description: 'Orders matching the search and status, across all pages.' })
  totalCount!: number;

  @Field(() => OrderStatsView, { description: 'Figures over all orders, whatever the search.' })
  stats!: OrderStatsView;
}

@ObjectType('OrderStatusChange', { simpleResolvers: true })
export class OrderStatusChangeView {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  fromStatus!: string;

  @Field(() => String)
  toStatus!: string;

  @Field(() => String, { description: "The admin's name, or 'Deleted user'." })
  changedBy!: string;

  @Field(() => Date)
  changedAt!: Date;
}

@ObjectType('OrderPayload')
export class OrderPayload extends MutationPayload {
  @Field(() => OrderView, { nullable: true })
  order!: OrderView | null;
}
