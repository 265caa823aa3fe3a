import type { RequestContext } from '../../http/request-context';
import { DeliveryLocation } from './delivery-location.entity';

export const deliveryService = {
  async listLocations(ctx: RequestContext): Promise<DeliveryLocation[]> {
    return ctx.em.find(DeliveryLocation, {}, { orderBy: { position: 'asc', id: 'asc' } });
  },
};
