import { AppError } from '../../core/errors';
import { kenyanMobile, invalidKenyanMobileMessage } from '../../shared/kenyan-mobile';
import { trimmedText } from '../../shared/trimmed-text';
import { FulfilmentStage, OrderStatus, PaymentMethod, PaymentStatus, type Order } from './order.entity';

/** The steps a team member takes, and the stages each may start from (issue 27). */
export const fulfilmentSteps = {
  [FulfilmentStage.PACKED]: [FulfilmentStage.UNFULFILLED],
  [FulfilmentStage.OUT_FOR_DELIVERY]: [FulfilmentStage.PACKED, FulfilmentStage.DELIVERY_FAILED],
  [FulfilmentStage.DELIVERY_FAILED]: [FulfilmentStage.OUT_FOR_DELIVERY],
  [FulfilmentStage.DELIVERED]: [FulfilmentStage.OUT_FOR_DELIVERY, FulfilmentStage.DELIVERY_FAILED],
} as const satisfies Record<Exclude<FulfilmentStage, FulfilmentStage.UNFULFILLED>, readonly FulfilmentStage[]>;

export type FulfilmentStep = keyof typeof fulfilmentSteps;

const stageNames: Record<FulfilmentStage, string> = {
  [FulfilmentStage.UNFULFILLED]: 'not packed yet',
  [FulfilmentStage.PACKED]: 'packed',
  [FulfilmentStage.OUT_FOR_DELIVERY]: 'out for delivery',
  [FulfilmentStage.DELIVERY_FAILED]: 'after a failed delivery attempt',
  [FulfilmentStage.DELIVERED]: 'delivered',
};

/** An order is ready to leave the shop once it is paid, or placed to be paid at the door. */
export function readyToFulfil(order: Pick<Order, 'paymentStatus' | 'paymentMethod'>): boolean {
  return order.paymentStatus === PaymentStatus.COMPLETED || order.paymentMethod === PaymentMethod.ON_DELIVERY;
}

/**
 * Why `step` cannot be taken on this order now, or null: the one rule the service and the admin's buttons follow.
 * A cancelled order goes nowhere; an unpaid order is not packed; an order paid at the door is handed over only once
 * its money is recorded (Orders → Collect payment), so "delivered" never means "delivered for free".
 */
export function fulfilmentRefusal(
  order: Pick<Order, 'status' | 'fulfilmentStage' | 'paymentStatus' | 'paymentMethod'>,
  step: FulfilmentStep,
): string | null {
  if (order.status === OrderStatus.CANCELLED) return 'This order is cancelled.';
  if (!readyToFulfil(order)) return 'This order is not paid yet.';
  if (!(fulfilmentSteps[step] as readonly FulfilmentStage[]).includes(order.fulfilmentStage)) {
    return `This order is ${stageNames[order.fulfilmentStage]}: it cannot be marked ${stageNames[step]} now.`;
  }
  if (step === FulfilmentStage.DELIVERED && order.paymentStatus !== PaymentStatus.COMPLETED) {
    return 'Collect the payment at the door first (Collect payment), then mark it delivered.';
  }
  return null;
}

export const maxCarrierTextLength = 80;
export const maxReasonLength = 200;
/** A failed attempt's new date is at most this many days ahead. */
export const maxRetryDays = 14;

function boundedText(value: unknown, field: string, label: string, max: number): string {
  const text = trimmedText(value);
  if (!text) throw AppError.field(field, 'REQUIRED', `${label} is required.`);
  if (text.length > max) throw AppError.field(field, 'TOO_LONG', `${label} must be at most ${max} characters.`);
  return text;
}

export interface Carrier {
  riderName: string | null;
  riderPhone: string | null;
  courierName: string | null;
  trackingNumber: string | null;
}

/** A rider (name and Kenyan mobile) in town, or a courier and its tracking number: one of the two, whole. */
export function parseCarrier(input: {
  riderName?: unknown;
  riderPhone?: unknown;
  courierName?: unknown;
  trackingNumber?: unknown;
}): Carrier {
  if (trimmedText(input.courierName) || trimmedText(input.trackingNumber)) {
    return {
      riderName: null,
      riderPhone: null,
      courierName: boundedText(input.courierName, 'courierName', 'The courier', maxCarrierTextLength),
      trackingNumber: boundedText(input.trackingNumber, 'trackingNumber', 'The tracking number', maxCarrierTextLength),
    };
  }
  const riderName = boundedText(input.riderName, 'riderName', "The rider's name", maxCarrierTextLength);
  if (!trimmedText(input.riderPhone)) throw AppError.field('riderPhone', 'REQUIRED', "The rider's phone is required.");
  const riderPhone = kenyanMobile(input.riderPhone);
  if (!riderPhone) throw AppError.field('riderPhone', 'INVALID_PHONE', invalidKenyanMobileMessage);
  return { riderName, riderPhone, courierName: null, trackingNumber: null };
}

export function parseFailureReason(value: unknown): string {
  return boundedText(value, 'reason', 'The reason', maxReasonLength);
}

/** A YYYY-MM-DD from today (`today`, the shop's calendar) to `maxRetryDays` ahead. */
export function parseRetryDate(value: unknown, today: string): string {
  const text = trimmedText(value);
  if (!text) throw AppError.field('nextAttemptOn', 'REQUIRED', 'The new delivery date is required.');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw AppError.field('nextAttemptOn', 'INVALID_INPUT', 'The new delivery date must be a date (YYYY-MM-DD).');
  }
  const days = (date.getTime() - new Date(`${today}T00:00:00Z`).getTime()) / 86_400_000;
  if (days < 0 || days > maxRetryDays) {
    throw AppError.field(
      'nextAttemptOn',
      'OUT_OF_RANGE',
      `The new delivery date must be between today and ${maxRetryDays} days from now.`,
    );
  }
  return text;
}

const dayFormat = new Intl.DateTimeFormat('en-KE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });

/** "Monday, 30 November" for a YYYY-MM-DD: the day a message promises. */
export function dayName(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * What the shopper reads for where the order is: "Paid — being prepared", never the spec's bare "Pending" for an
 * order the shop is working on (issue 27).
 */
export function shopperStageLabel(
  order: Pick<Order, 'status' | 'fulfilmentStage' | 'paymentStatus' | 'paymentMethod'>,
): string {
  if (order.status === OrderStatus.CANCELLED) return 'Cancelled';
  if (order.status === OrderStatus.DELIVERED || order.fulfilmentStage === FulfilmentStage.DELIVERED) return 'Delivered';
  switch (order.fulfilmentStage) {
    case FulfilmentStage.OUT_FOR_DELIVERY:
      return 'Out for delivery';
    case FulfilmentStage.DELIVERY_FAILED:
      return 'Delivery attempt failed — we will try again';
    case FulfilmentStage.PACKED:
      return 'Packed — ready to go';
    default:
      if (order.paymentStatus === PaymentStatus.COMPLETED) return 'Paid — being prepared';
      if (order.paymentMethod === PaymentMethod.ON_DELIVERY) return 'Confirmed — pay on delivery, being prepared';
      return order.paymentStatus === PaymentStatus.FAILED ? 'Payment failed' : 'Awaiting payment';
  }
}
