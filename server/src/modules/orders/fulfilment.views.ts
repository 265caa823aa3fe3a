import { Field, ID, Int, ObjectType } from 'type-graphql';
import { displayName } from '../accounts/display-name';
import { orderLineName } from '../catalog/size-label';
import { DeliveryLocation } from './delivery-location.entity';
import type { FulfilmentEvent } from './fulfilment-event.entity';
import { dayName, shopperStageLabel } from './fulfilment-rules';
import { FulfilmentStage, PaymentMethod, PaymentStatus, type Order } from './order.entity';

@ObjectType('FulfilmentStep', { simpleResolvers: true, description: "One step on an order's way to the door." })
export class FulfilmentStepView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'placed, paid, packed, out_for_delivery, delivery_failed or delivered' })
  stage!: string;

  @Field(() => String, { description: 'What the shopper reads, e.g. "Out for delivery".' })
  title!: string;

  @Field(() => String, { nullable: true, description: 'The rider or courier, the reason and new date, …' })
  detail!: string | null;

  @Field(() => Date)
  at!: Date;

  @Field(() => String, { nullable: true, description: 'The team member who took the step (admin lists only).' })
  by!: string | null;
}

@ObjectType('OrderTrackingLine', { simpleResolvers: true })
export class OrderTrackingLineView {
  @Field(() => ID)
  id!: number;

  @Field(() => String, { description: 'The name and size when ordered.' })
  name!: string;

  @Field(() => Int)
  quantity!: number;
}

/**
 * What the tracking link shows (issue 27): where the parcel is, never where it goes or whose it is (no address,
 * e-mail, name or the shopper's phone), so a forwarded link gives nothing away.
 */
@ObjectType('OrderTracking', { simpleResolvers: true })
export class OrderTrackingView {
  @Field(() => ID, { description: 'The tracking token itself.' })
  id!: string;

  @Field(() => String, { description: 'The short order number the messages name.' })
  orderNumber!: string;

  @Field(() => String)
  stage!: string;

  @Field(() => String)
  stageLabel!: string;

  @Field(() => [FulfilmentStepView])
  steps!: FulfilmentStepView[];

  @Field(() => DeliveryLocation)
  deliveryLocation!: DeliveryLocation;

  @Field(() => String, { nullable: true, description: 'While out for delivery: the rider, to call.' })
  riderName!: string | null;

  @Field(() => String, { nullable: true })
  riderPhone!: string | null;

  @Field(() => String, { nullable: true, description: 'While out for delivery by courier.' })
  courierName!: string | null;

  @Field(() => String, { nullable: true })
  trackingNumber!: string | null;

  @Field(() => String, { nullable: true, description: 'After a failed attempt: the new date, YYYY-MM-DD.' })
  nextAttemptOn!: string | null;

  @Field(() => [OrderTrackingLineView])
  lines!: OrderTrackingLineView[];
}

type StepOrderFacts = Pick<
  Order,
  'id' | 'createdAt' | 'paidAt' | 'paymentStatus' | 'paymentMethod' | 'cashReceivedAt' | 'fulfilmentStage'
>;

function carrierText(
  event: Pick<FulfilmentEvent, 'riderName' | 'riderPhone' | 'courierName' | 'trackingNumber'>,
  withPhone: boolean,
) {
  if (event.courierName) return `With ${event.courierName}, tracking number ${event.trackingNumber ?? ''}`.trim();
  if (event.riderName) return `With ${event.riderName}${withPhone && event.riderPhone ? `, ${event.riderPhone}` : ''}`;
  return null;
}

/**
 * The order's way so far, oldest first: placed, paid, then each step a team member took. The rider's phone shows
 * on the step that is current only: once delivered, nobody needs to call the rider about it.
 */
export function orderSteps(
  order: StepOrderFacts,
  events: FulfilmentEvent[],
  { withNames = false } = {},
): FulfilmentStepView[] {
  const step = (values: Omit<FulfilmentStepView, 'by'> & { by?: string | null }) =>
    Object.assign(new FulfilmentStepView(), { by: null, ...values });
  const steps = [
    step({ id: `${order.id}:placed`, stage: 'placed', title: 'Order placed', detail: null, at: order.createdAt }),
  ];
  if (order.paymentStatus === PaymentStatus.COMPLETED && order.paidAt) {
    const atDoor = order.paymentMethod === PaymentMethod.ON_DELIVERY;
    steps.push(
      step({
        id: `${order.id}:paid`,
        stage: 'paid',
        title: atDoor ? 'Paid at the door' : 'Paid — being prepared',
        detail: null,
        at: order.paidAt,
      }),
    );
  }
  const last = events.at(-1);
  for (const event of events) {
    const current = event === last && order.fulfilmentStage === event.stage;
    const facts: Record<string, { title: string; detail: string | null }> = {
      [FulfilmentStage.PACKED]: { title: 'Packed', detail: 'Your order is packed and ready to go.' },
      [FulfilmentStage.OUT_FOR_DELIVERY]: { title: 'Out for delivery', detail: carrierText(event, current) },
      [FulfilmentStage.DELIVERY_FAILED]: {
        title: 'Delivery attempt failed',
        detail:
          `${event.reason ?? ''}${event.nextAttemptOn ? ` We will try again on ${dayName(event.nextAttemptOn)}.` : ''}`.trim(),
      },
      [FulfilmentStage.DELIVERED]: { title: 'Delivered', detail: null },
    };
    const { title, detail } = facts[event.stage] ?? { title: event.stage, detail: null };
    steps.push(
      step({
        id: String(event.id),
        stage: event.stage,
        title,
        detail,
        at: event.at,
        by: withNames ? (event.by ? displayName(event.by) : 'Deleted user') : null,
      }),
    );
  }
  return steps;
}

/** The tracking page's view of an order whose items and delivery location are loaded. */
export function toTrackingView(order: Order, events: FulfilmentEvent[]): OrderTrackingView {
  const out = order.fulfilmentStage === FulfilmentStage.OUT_FOR_DELIVERY;
  return Object.assign(new OrderTrackingView(), {
    id: order.trackingToken,
    orderNumber: order.id.slice(0, 8),
    stage: order.fulfilmentStage,
    stageLabel: shopperStageLabel(order),
    steps: orderSteps(order, events),
    deliveryLocation: order.deliveryLocation,
    riderName: out ? order.riderName : null,
    riderPhone: out ? order.riderPhone : null,
    courierName: out ? order.courierName : null,
    trackingNumber: out ? order.trackingNumber : null,
    nextAttemptOn: order.fulfilmentStage === FulfilmentStage.DELIVERY_FAILED ? order.nextAttemptOn : null,
    lines: order.items.getItems().map((item) =>
      Object.assign(new OrderTrackingLineView(), {
        id: item.id,
        name: orderLineName(item.productName, item.sizeLabel),
        quantity: item.quantity,
      }),
    ),
  });
}
