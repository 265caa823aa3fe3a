import { Ctx, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { DeliveryLocation } from './delivery-location.entity';
import { deliveryService } from './delivery.service';
import { freeDeliveryFromCents } from './order-money';

@Resolver(() => DeliveryLocation)
export class DeliveryResolver {
  @Query(() => [DeliveryLocation])
  async deliveryLocations(@Ctx() ctx: RequestContext): Promise<DeliveryLocation[]> {
    return deliveryService.listLocations(ctx);
  }

  @Query(() => Int, { description: 'Goods from this amount (cents of KES) are delivered free, to every location.' })
  freeDeliveryFromCents(): number {
    return freeDeliveryFromCents;
  }
}
