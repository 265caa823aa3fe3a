import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { withExpectedFailures } from '../../graphql/payload';
import type { RequestContext } from '../../http/request-context';
import { pageOf } from '../../shared/pagination';
import { AppError, FieldError } from '../../http/errors';
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
    const { errors } = await withExpectedFailures(async () => {
      try {
        return await reviewsService.delete(ctx, id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND')
          throw AppError.badInput([FieldError.of('id', 'NOT_FOUND', error.message)]);
        throw error;
      }
    });
    return Object.assign(new ActionResult(), {
      ok: errors.length === 0,
      message: errors.length === 0 ? 'Review deleted' : errors[0].message,
      errors,
    });
  }
}
