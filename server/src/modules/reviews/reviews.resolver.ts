import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { pageOf } from '../../shared/pagination';
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
    try {
      return { review: await reviewsService.create(ctx, input), errors: [] };
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_USER_INPUT')
        return { review: null, errors: error.fieldErrors };
      throw error;
    }
  }
}
