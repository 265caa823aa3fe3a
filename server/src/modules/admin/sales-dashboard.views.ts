import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TopProductView } from './admin.views';

/** The ranges the owner picks from; custom takes `from` and `to`. Days are the shop's (Africa/Nairobi). */
export enum DashboardPeriod {
  TODAY = 'today',
  LAST_7_DAYS = 'last_7_days',
  LAST_30_DAYS = 'last_30_days',
  CUSTOM = 'custom',
}
registerEnumType(DashboardPeriod, {
  name: 'DashboardPeriod',
  description: 'A dashboard range ending today in Nairobi, or custom (from and to, both included).',
});

@InputType('DashboardRangeInput')
export class DashboardRangeInput {
  @Field(() => DashboardPeriod)
  period!: DashboardPeriod;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, for a custom range.' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, for a custom range (included).' })
  to?: string | null;
}

@ObjectType('SalesFigures', { simpleResolvers: true })
export class SalesFiguresView {
  @Field(() => Float, {
    description:
      'Totals of the orders whose payment completed in the range, by paid time (pay on delivery once its cash or M-Pesa was received), in cents of KES: a whole number, Float only for range.',
  })
  paidRevenueCents!: number;

  @Field(() => Int, { description: 'Orders paid in the range.' })
  paidOrders!: number;

  @Field(() => Float, { description: 'Paid revenue ÷ paid orders, in whole cents of KES (0 without orders).' })
  averageOrderValueCents!: number;

  @Field(() => Float, { description: 'Processed refunds in the range (by when processed), in cents of KES.' })
  refundedCents!: number;

  @Field(() => Int)
  refunds!: number;

  @Field(() => Int, { description: 'M-Pesa and card payment attempts started in the range (cash is not counted).' })
  paymentAttempts!: number;

  @Field(() => Int, { description: 'Those of the attempts that failed.' })
  failedPaymentAttempts!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'failedPaymentAttempts ÷ paymentAttempts; null without attempts.',
  })
  paymentFailureRate!: number | null;
}

@ObjectType('SalesDay', { simpleResolvers: true })
export class SalesDayView {
  @Field(() => String, { description: 'YYYY-MM-DD in Africa/Nairobi.' })
  day!: string;

  @Field(() => Float, { description: 'In cents of KES (a whole number).' })
  paidRevenueCents!: number;

  @Field(() => Int)
  paidOrders!: number;

  @Field(() => Float, { description: 'In cents of KES (a whole number).' })
  refundedCents!: number;
}

@ObjectType('SalesByPaymentMethod', { simpleResolvers: true })
export class SalesByPaymentMethodView {
  @Field(() => String, { description: "The order's payment method: mpesa, card or on_delivery." })
  paymentMethod!: string;

  @Field(() => Float, { description: 'In cents of KES (a whole number).' })
  paidRevenueCents!: number;

  @Field(() => Int)
  paidOrders!: number;

  @Field(() => Int)
  paymentAttempts!: number;

  @Field(() => Int)
  failedPaymentAttempts!: number;
}

@ObjectType('SalesByLocation', { simpleResolvers: true })
export class SalesByLocationView {
  @Field(() => Int)
  deliveryLocationId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Float, { description: 'In cents of KES (a whole number).' })
  paidRevenueCents!: number;

  @Field(() => Int)
  paidOrders!: number;
}

@ObjectType('TopSize', { simpleResolvers: true })
export class TopSizeView {
  @Field(() => Int)
  productId!: number;

  @Field(() => Int, { nullable: true, description: 'Null when the size has since been deleted.' })
  variantId!: number | null;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The size as named when ordered; empty for a one-size product.' })
  sizeLabel!: string;

  @Field(() => Int)
  quantitySold!: number;

  @Field(() => Float, { description: 'Quantity × unit price, in cents of KES (a whole number).' })
  revenueCents!: number;
}

@ObjectType('SalesDashboard', { simpleResolvers: true })
export class SalesDashboardView {
  @Field(() => String, { description: 'First day of the range, YYYY-MM-DD (Nairobi).' })
  from!: string;

  @Field(() => String, { description: 'Last day of the range (included).' })
  to!: string;

  @Field(() => Int)
  days!: number;

  @Field(() => String, { description: 'The previous period of the same length, ending the day before `from`.' })
  previousFrom!: string;

  @Field(() => String)
  previousTo!: string;

  @Field(() => SalesFiguresView)
  current!: SalesFiguresView;

  @Field(() => SalesFiguresView)
  previous!: SalesFiguresView;

  @Field(() => Int, { description: 'Orders paid on delivery still to be collected at the door, now (any range).' })
  toCollectOrders!: number;

  @Field(() => Float, { description: "Those orders' totals, in cents of KES (a whole number)." })
  toCollectCents!: number;

  @Field(() => [SalesDayView], { description: 'Every day of the range, oldest first, zero-filled.' })
  byDay!: SalesDayView[];

  @Field(() => [SalesByPaymentMethodView], { description: 'mpesa, card and on_delivery, in that order.' })
  byPaymentMethod!: SalesByPaymentMethodView[];

  @Field(() => [SalesByLocationView], { description: 'Every delivery location, highest paid revenue first.' })
  byLocation!: SalesByLocationView[];

  @Field(() => [TopProductView], { description: 'The 10 best sellers by quantity in orders paid in the range.' })
  topProducts!: TopProductView[];

  @Field(() => [TopSizeView], { description: 'The 10 best-selling sizes by quantity in orders paid in the range.' })
  topSizes!: TopSizeView[];
}
