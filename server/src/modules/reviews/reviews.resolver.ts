import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { withExpectedFailures } from '../../core/payload';
import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { ActionResult } from '../accounts/accounts.inputs';
import { UserRole } from '../accounts/user.entity';
import { Review } from './review.entity';
import { CreateReviewPayload, ReviewInput, ReviewStats } from './reviews.inputs';
import { reviewsService } from './reviews.service';

@Resolver(() => Review)
export class ReviewResolver {
  @Query(() => [Review])
  async reviews(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<Review[]> {
    return reviewsService.list(ctx, pageOf(limit, offset, 20));
  }

  @Query(() => ReviewStats)
  async reviewStats(@Ctx() ctx: RequestContext): Promise<ReviewStats> {
    return reviewsService.stats(ctx);
  }

  @Mutation(() => CreateReviewPayload)
  async createReview(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => ReviewInput) input: ReviewInput,
  ): Promise<CreateReviewPayload> {
    const { value, errors } = await withExpectedFailures(() => reviewsService.create(ctx, input));
    return { review: value, errors };
  }

  @Authorized(UserRole.ADMIN)
  @Mutation(() => ActionResult, { description: 'Admins only.' })
  async deleteReview(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<ActionResult> {
    const { errors } = await withExpectedFailures(() => reviewsService.delete(ctx, id), { notFoundField: 'id' });
    return { ok: errors.length === 0, message: errors[0]?.message ?? 'Review deleted', errors };
  }
}
