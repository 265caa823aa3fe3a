import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { isUuid } from '../../shared/uuid';
import { shopToday } from '../../shared/shop-calendar';
import { Permission, requirePermission } from '../accounts/guards';
import { User } from '../accounts/user.entity';
import { recordAudit } from '../audit/audit-log';
import { queueFulfilmentMessages, queueOrderStatusMessages } from '../notifications/notifications.service';
import { FulfilmentEvent } from './fulfilment-event.entity';
import {
  fulfilmentRefusal,
  parseCarrier,
  parseFailureReason,
  parseRetryDate,
  type FulfilmentStep,
} from './fulfilment-rules';
import { FulfilmentStage, Order, OrderStatus } from './order.entity';
import { OrderStatusChange } from './order-status-change.entity';
import { loadOrder } from './orders.service';
import { cacheTag } from '../../events/catalogue-change';

export interface OutForDeliveryInput {
  riderName?: unknown;
  riderPhone?: unknown;
  courierName?: unknown;
  trackingNumber?: unknown;
}

export interface FailedAttemptInput {
  reason?: unknown;
  nextAttemptOn?: unknown;
}

/**
 * Takes one step under the order's row lock (the payment webhook, the door payment and the status change lock the
 * same row), records it with who and when, and queues the shopper's message in the same transaction: a step is
 * taken, and told, once. `apply` validates its input first, so a refused step changes nothing.
 */
/** The step's mutation, as the audit log names it. */
const stepActions: Record<FulfilmentStep, string> = {
  [FulfilmentStage.PACKED]: 'markOrderPacked',
  [FulfilmentStage.OUT_FOR_DELIVERY]: 'markOutForDelivery',
  [FulfilmentStage.DELIVERY_FAILED]: 'recordFailedDelivery',
  [FulfilmentStage.DELIVERED]: 'markOrderDelivered',
};

/** What the audit log keeps of an order's way to the door, before and after a step. */
function fulfilmentFacts(order: Order) {
  return {
    status: order.status,
    fulfilmentStage: order.fulfilmentStage,
    riderName: order.riderName,
    riderPhone: order.riderPhone,
    courierName: order.courierName,
    trackingNumber: order.trackingNumber,
    nextAttemptOn: order.nextAttemptOn,
  };
}

async function takeStep(
  ctx: RequestContext,
  orderId: unknown,
  step: FulfilmentStep,
  apply: (order: Order, event: Partial<FulfilmentEvent>) => void = () => undefined,
): Promise<Order> {
  const member = requirePermission(ctx, Permission.ORDERS);
  if (!isUuid(orderId)) throw AppError.notFound('Order not found');
  await ctx.em.transactional(async (em) => {
    const order = await em.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!order) throw AppError.notFound('Order not found');
    const refusal = fulfilmentRefusal(order, step);
    if (refusal) throw AppError.field('orderId', 'INVALID_STATUS', refusal);
    const before = fulfilmentFacts(order);
    const event: Partial<FulfilmentEvent> = {};
    apply(order, event);
    order.fulfilmentStage = step;
    em.create(FulfilmentEvent, { ...event, order, stage: step, by: em.getReference(User, member.id) });
    if (step === FulfilmentStage.DELIVERED) {
      // The spec's status follows: Delivered on every screen and REST answer, and in Total Sales.
      em.create(OrderStatusChange, {
        order,
        fromStatus: order.status,
        toStatus: OrderStatus.DELIVERED,
        changedBy: member.id,
      });
      order.status = OrderStatus.DELIVERED;
      await queueOrderStatusMessages(em, order, OrderStatus.DELIVERED, ctx.config.publicUrl);
    } else {
      await queueFulfilmentMessages(em, order, step, ctx.config.publicUrl, event.reason ?? '');
    }
    recordAudit(ctx, em, {
      action: stepActions[step],
      targetType: 'order',
      targetId: order.id,
      before,
      after: { ...fulfilmentFacts(order), reason: event.reason ?? undefined },
    });
    await em.flush();
  });
  return loadOrder(ctx.em, orderId, { refresh: true });
}

export const fulfilmentService = {
  markPacked(ctx: RequestContext, orderId: unknown): Promise<Order> {
    return takeStep(ctx, orderId, FulfilmentStage.PACKED);
  },

  /** With a rider (name, phone) or a courier (name, tracking number); the shopper's message names them. */
  markOutForDelivery(ctx: RequestContext, orderId: unknown, input: OutForDeliveryInput): Promise<Order> {
    const carrier = parseCarrier(input);
    return takeStep(ctx, orderId, FulfilmentStage.OUT_FOR_DELIVERY, (order, event) => {
      Object.assign(order, carrier, { nextAttemptOn: null });
      Object.assign(event, carrier);
    });
  },

  recordFailedAttempt(ctx: RequestContext, orderId: unknown, input: FailedAttemptInput): Promise<Order> {
    const reason = parseFailureReason(input.reason);
    const nextAttemptOn = parseRetryDate(input.nextAttemptOn, shopToday());
    return takeStep(ctx, orderId, FulfilmentStage.DELIVERY_FAILED, (order, event) => {
      order.nextAttemptOn = nextAttemptOn;
      Object.assign(event, { reason, nextAttemptOn });
    });
  },

  markDelivered(ctx: RequestContext, orderId: unknown): Promise<Order> {
    return takeStep(ctx, orderId, FulfilmentStage.DELIVERED);
  },
};

/**
 * The spec's status change (any to any, spec §4) keeps the stage in step: marked delivered there is delivered here
 * too (recorded like a step), and an order reopened from delivered goes back to being prepared.
 */
export function followStatusChange(em: EntityManager, order: Order, toStatus: OrderStatus, byUserId: string): void {
  if (toStatus === OrderStatus.DELIVERED && order.fulfilmentStage !== FulfilmentStage.DELIVERED) {
    order.fulfilmentStage = FulfilmentStage.DELIVERED;
    em.create(FulfilmentEvent, { order, stage: FulfilmentStage.DELIVERED, by: em.getReference(User, byUserId) });
  } else if (toStatus === OrderStatus.PENDING && order.fulfilmentStage === FulfilmentStage.DELIVERED) {
    order.fulfilmentStage = FulfilmentStage.UNFULFILLED;
  }
}

/** Each order's steps, oldest first, for a page of orders in one statement (the orders' DataLoader). */
export async function fulfilmentEventsOf(em: EntityManager, orderIds: readonly string[]): Promise<FulfilmentEvent[][]> {
  const events = await em.find(
    FulfilmentEvent,
    { order: { $in: [...orderIds] } },
    { populate: ['by'], orderBy: { at: 'asc', id: 'asc' } },
  );
  const byOrder = new Map<string, FulfilmentEvent[]>(orderIds.map((id) => [id, []]));
  for (const event of events) byOrder.get(event.order.id)?.push(event);
  return orderIds.map((id) => byOrder.get(id) ?? []);
}

/** A tracking token's shape: base64url, as made for new orders (22) or by the migration for older ones (32). */
const trackingTokenPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** The order behind a tracking link with its steps, or null: a wrong link and a malformed one read alike. */
export async function orderByTrackingToken(
  ctx: RequestContext,
  token: unknown,
): Promise<{ order: Order; events: FulfilmentEvent[] } | null> {
  if (typeof token !== 'string' || !trackingTokenPattern.test(token)) return null;
  // The answer is the same for whoever holds the link, so an anonymous one is kept (the response cache) until the
  // order moves or a delivery location changes: both announced to every instance (migration 0038).
  ctx.cacheTags.add(cacheTag.orderTracking(token));
  ctx.cacheTags.add(cacheTag.delivery);
  const order = await ctx.em.findOne(Order, { trackingToken: token }, { populate: ['items', 'deliveryLocation'] });
  if (!order) return null;
  const [events = []] = await fulfilmentEventsOf(ctx.em, [order.id]);
  return { order, events };
}
