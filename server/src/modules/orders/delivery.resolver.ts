import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { DeliveryLocation } from './delivery-location.entity';
import { deliveryService } from './delivery.service';

@Resolver(() => DeliveryLocation)
export class DeliveryResolver {
  @Query(() => [DeliveryLocation])
  async deliveryLocations(@Ctx() ctx: RequestContext): Promise<DeliveryLocation[]> {
    return deliveryService.listLocations(ctx);
  }
}
