import { cacheTag } from '../../events/catalogue-change';
import type { RequestContext } from '../../core/request-context';
import { DeliveryLocation } from './delivery-location.entity';

/**
 * Spec §9: delivery is free when the goods come to Ksh 10,000 or more. The one place the threshold lives:
 * checkout charges by it, and the storefront and structured data read it through the API.
 */
export const freeDeliveryFromCents = 1_000_000;

/** A stored delivery time such as '1-3 business days' as whole days, or null when it names no range. */
export function deliveryDays(deliveryTime: string): { min: number; max: number } | null {
  const range = /(\d+)\s*(?:-|–|to)\s*(\d+)/.exec(deliveryTime);
  if (range) {
    const [first, second] = [Number(range[1]), Number(range[2])];
    return { min: Math.min(first, second), max: Math.max(first, second) };
  }
  const single = /\d+/.exec(deliveryTime);
  return single ? { min: Number(single[0]), max: Number(single[0]) } : null;
}

export const deliveryService = {
  async listLocations(ctx: RequestContext): Promise<DeliveryLocation[]> {
    // Seeded, changed by no write today: the tag names what a future change would drop.
    ctx.cacheTags.add(cacheTag.delivery);
    return ctx.em.find(DeliveryLocation, {}, { orderBy: { position: 'asc', id: 'asc' } });
  },

  /** The cheapest stored location: what "delivery from" means on the product page and in structured data. */
  cheapest(locations: readonly DeliveryLocation[]): DeliveryLocation | undefined {
    return locations.reduce<DeliveryLocation | undefined>(
      (best, location) => (!best || location.feeCents < best.feeCents ? location : best),
      undefined,
    );
  },
};
