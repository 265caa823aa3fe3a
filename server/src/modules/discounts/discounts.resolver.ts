import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { withExpectedFailures } from '../../core/payload';
import { pageOf } from '../../shared/pagination';
import { Permission } from '../accounts/guards';
import { CartPayload } from '../cart/cart.resolver';
import type { AdminDiscountCode } from './discounts.service';
import { discountsService } from './discounts.service';
import { DiscountCodeInput, DiscountCodeListView, DiscountCodePayload, DiscountCodeView } from './discounts.views';

const toView = (code: AdminDiscountCode) => Object.assign(new DiscountCodeView(), code);

async function codePayload(work: () => Promise<AdminDiscountCode>): Promise<DiscountCodePayload> {
  const { value, errors } = await withExpectedFailures(work, { notFoundField: 'id' });
  return { discountCode: value ? toView(value) : null, errors };
}

@Resolver()
export class DiscountsResolver {
  @Authorized()
  @Mutation(() => CartPayload, {
    description: 'Applies a discount code to the cart; refusals name why (field discountCode).',
  })
  async applyDiscountCode(@Ctx() ctx: RequestContext, @Arg('code', () => String) code: string): Promise<CartPayload> {
    const { value, errors } = await withExpectedFailures(() => discountsService.apply(ctx, code));
    return { cart: value, errors };
  }

  @Authorized()
  @Mutation(() => CartPayload)
  async removeDiscountCode(@Ctx() ctx: RequestContext): Promise<CartPayload> {
    const { value, errors } = await withExpectedFailures(() => discountsService.remove(ctx));
    return { cart: value, errors };
  }

  @Authorized(Permission.DISCOUNTS)
  @Query(() => DiscountCodeListView, { description: 'Discount codes newest first, with their uses.' })
  async adminDiscountCodes(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<DiscountCodeListView> {
    const list = await discountsService.list(ctx, pageOf(limit, offset, 50));
    return { codes: list.codes.map(toView), totalCount: list.totalCount };
  }

  @Authorized(Permission.DISCOUNTS)
  @Mutation(() => DiscountCodePayload)
  async createDiscountCode(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => DiscountCodeInput) input: DiscountCodeInput,
  ): Promise<DiscountCodePayload> {
    return codePayload(() => discountsService.create(ctx, input));
  }

  @Authorized(Permission.DISCOUNTS)
  @Mutation(() => DiscountCodePayload)
  async updateDiscountCode(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => DiscountCodeInput) input: DiscountCodeInput,
  ): Promise<DiscountCodePayload> {
    return codePayload(() => discountsService.update(ctx, id, input));
  }

  @Authorized(Permission.DISCOUNTS)
  @Mutation(() => DiscountCodePayload, { description: 'Stops a code for new orders; placed orders keep theirs.' })
  async deactivateDiscountCode(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
  ): Promise<DiscountCodePayload> {
    return codePayload(() => discountsService.deactivate(ctx, id));
  }
}
