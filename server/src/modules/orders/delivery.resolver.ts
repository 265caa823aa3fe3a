import { Arg, Authorized, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import { Permission } from '../accounts/guards';
import { DeliveryLocation } from './delivery-location.entity';
import { deliveryService } from './delivery.service';
import { freeDeliveryFromCents } from './order-money';

@InputType('PayOnDeliveryInput')
export class PayOnDeliveryInput {
  @Field(() => Boolean) payOnDelivery!: boolean;
  @Field(() => Int, { nullable: true, description: 'The largest order total paid at the door, in cents of KES.' })
  maxCents?: number | null;
}

@ObjectType('DeliveryLocationPayload')
export class DeliveryLocationPayload extends MutationPayload {
  @Field(() => DeliveryLocation, { nullable: true }) location!: DeliveryLocation | null;
}

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

  @Authorized(Permission.SETTINGS)
  @Mutation(() => DeliveryLocationPayload, {
    description: 'Switches pay on delivery on or off for a location, with its maximum order total.',
  })
  async setPayOnDelivery(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => PayOnDeliveryInput) input: PayOnDeliveryInput,
  ): Promise<DeliveryLocationPayload> {
    const { value, errors } = await withExpectedFailures(() => deliveryService.updatePayOnDelivery(ctx, id, input), {
      notFoundField: 'id',
    });
    return { location: value ?? null, errors };
  }
}
