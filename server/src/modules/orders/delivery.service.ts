import { announceCatalogueChange, cacheTag } from '../../events/catalogue-change';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { isPostgresInteger } from '../../shared/input-check';
import { shillingsToCents } from '../../shared/money';
import { Permission, requirePermission } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { DeliveryLocation } from './delivery-location.entity';

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

/** The delivery locations a request has read, by its context (gone with the request). */
const locationsByRequest = new WeakMap<RequestContext, Promise<DeliveryLocation[]>>();

export const deliveryService = {
  async listLocations(ctx: RequestContext): Promise<DeliveryLocation[]> {
    // Seeded, changed by no write today: the tag names what a future change would drop.
    ctx.cacheTags.add(cacheTag.delivery);
    // Read once per request: a product page's head and its embedded first query both need them.
    let locations = locationsByRequest.get(ctx);
    if (!locations) {
      locations = ctx.em.find(DeliveryLocation, {}, { orderBy: { position: 'asc', id: 'asc' } });
      locationsByRequest.set(ctx, locations);
    }
    return locations;
  },

  /**
   * The owner switches pay on delivery on or off for a location and sets its maximum order total (issue 26); every
   * instance drops the answers that show the locations once the change commits.
   */
  async updatePayOnDelivery(
    ctx: RequestContext,
    id: unknown,
    input: { payOnDelivery?: unknown; maxCents?: unknown },
  ): Promise<DeliveryLocation> {
    requirePermission(ctx, Permission.SETTINGS);
    if (!isPostgresInteger(id)) throw AppError.notFound('Delivery location not found');
    if (typeof input.payOnDelivery !== 'boolean')
      throw AppError.field('payOnDelivery', 'INVALID_INPUT', 'Say whether pay on delivery is offered here.');
    const maxCents = input.maxCents;
    if (maxCents !== undefined && maxCents !== null && !(isPostgresInteger(maxCents) && maxCents >= 100))
      throw AppError.field('maxCents', 'OUT_OF_RANGE', 'The maximum must be at least Ksh 1.');
    return ctx.em.transactional(async (em) => {
      const location = await em.findOne(DeliveryLocation, { id });
      if (!location) throw AppError.notFound('Delivery location not found');
      const before = { payOnDelivery: location.payOnDelivery, maxCents: location.payOnDeliveryMaxCents };
      location.payOnDelivery = input.payOnDelivery as boolean;
      if (typeof maxCents === 'number') location.payOnDeliveryMaxCents = maxCents;
      recordAudit(ctx, em, {
        action: 'setPayOnDelivery',
        targetType: 'delivery_location',
        targetId: location.id,
        before: { name: location.name, ...before },
        after: { name: location.name, payOnDelivery: location.payOnDelivery, maxCents: location.payOnDeliveryMaxCents },
      });
      await em.flush();
      await announceCatalogueChange(em, { deliveryChanged: true });
      return location;
    });
  },

  /** The cheapest stored location: what "delivery from" means on the product page and in structured data. */
  cheapest(locations: readonly DeliveryLocation[]): DeliveryLocation | undefined {
    return locations.reduce<DeliveryLocation | undefined>(
      (best, location) => (!best || location.feeCents < best.feeCents ? location : best),
      undefined,
    );
  },

  /**
   * The location a caller means without naming its id (decision 0080): the one called `name` (case and spaces
   * aside), else the one location whose fee is `shippingFee` (shillings, as the spec's order payload sends the
   * chosen location's price). A fee of 0 (free delivery) or one several locations share names none: the caller is
   * asked to choose, with the spec's 'Select Delivery Location'.
   */
  async locationIdFor(ctx: RequestContext, chosen: { name?: unknown; shippingFee?: unknown }): Promise<number> {
    const locations = await this.listLocations(ctx);
    if (typeof chosen.name === 'string' && chosen.name.trim() !== '') {
      const wanted = chosen.name.trim().replace(/\s+/g, ' ').toLowerCase();
      const named = locations.find((location) => location.name.toLowerCase() === wanted);
      if (!named) throw AppError.field('deliveryLocation', 'NOT_FOUND', 'No delivery location has that name.');
      return named.id;
    }
    const feeCents = shillingsToCents(chosen.shippingFee);
    const priced = locations.filter((location) => feeCents !== undefined && location.feeCents === feeCents);
    if (priced.length !== 1 || feeCents === 0)
      throw AppError.field('deliveryLocationId', 'REQUIRED', 'Select Delivery Location');
    return priced[0]!.id;
  },
};
