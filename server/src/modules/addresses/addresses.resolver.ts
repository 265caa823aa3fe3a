import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import { ActionResult } from '../accounts/accounts.inputs';
import { actionResult } from '../accounts/payloads';
import { addressesService } from './addresses.service';
import { AddressInput, SavedAddressPayload, SavedAddressView, toSavedAddressView } from './addresses.views';

@Resolver()
export class AddressesResolver {
  @Authorized()
  @Query(() => [SavedAddressView], {
    description: "The signed-in shopper's addresses, the default first (at most 10).",
  })
  async myAddresses(@Ctx() ctx: RequestContext): Promise<SavedAddressView[]> {
    return (await addressesService.list(ctx)).map(toSavedAddressView);
  }

  @Authorized()
  @Mutation(() => SavedAddressPayload, { description: 'Adds an address, or changes one of yours when `id` is given.' })
  async saveAddress(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => AddressInput) input: AddressInput,
    @Arg('id', () => ID, { nullable: true }) id?: string | null,
  ): Promise<SavedAddressPayload> {
    const { value, errors } = await withExpectedFailures(() => addressesService.save(ctx, id, input), {
      notFoundField: 'id',
    });
    return { address: value ? toSavedAddressView(value) : null, errors };
  }

  @Authorized()
  @Mutation(() => ActionResult, { description: 'Deletes one of your addresses.' })
  async deleteAddress(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<ActionResult> {
    return actionResult(() => addressesService.remove(ctx, id), 'Address deleted.', { notFoundField: 'id' });
  }
}
