import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { withExpectedFailures } from '../../core/payload';
import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { ActionResult } from '../accounts/accounts.inputs';
import { Permission } from '../accounts/guards';
import { catalogService } from '../catalog/catalog.service';
import { ProductView } from '../catalog/catalog.views';
import { Review } from './review.entity';
import {
  AdminReviewList,
  CreateReviewPayload,
  HideReviewPayload,
  ReviewInput,
  ReviewStats,
  ReviewSummary,
} from './reviews.inputs';
import { reviewsService } from './reviews.service';

@Resolver(() => Review)
export class ReviewResolver {
  @Query(() => [Review], { description: "The shop's own reviews (about no product), newest first." })
  async reviews(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<Review[]> {
    return reviewsService.list(ctx, pageOf(limit, offset, 20));
  }

  @Query(() => ReviewStats, { description: "The shop's own reviews in figures." })
  async reviewStats(@Ctx() ctx: RequestContext): Promise<ReviewStats> {
    return reviewsService.stats(ctx);
  }

  @Query(() => [Review], { description: "A product's reviews, newest first; 5 unless a limit is given." })
  async productReviews(
    @Ctx() ctx: RequestContext,
    @Arg('productId', () => Int) productId: number,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<Review[]> {
    return reviewsService.listForProduct(ctx, productId, pageOf(limit, offset, 5));
  }

  @Authorized(Permission.REVIEWS)
  @Query(() => AdminReviewList, { description: 'Admins only: every review, hidden ones included, newest first.' })
  async adminReviews(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<AdminReviewList> {
    return reviewsService.listAll(ctx, pageOf(limit, offset, 20));
  }

  @FieldResolver(() => ProductView, {
    nullable: true,
    description: 'The product reviewed; null for a review of the shop or of a product no longer sold.',
  })
  async product(@Ctx() ctx: RequestContext, @Root() review: Review): Promise<ProductView | null> {
    return review.productId === null ? null : catalogService.findProduct(ctx, review.productId);
  }

  @Mutation(() => CreateReviewPayload)
  async createReview(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => ReviewInput) input: ReviewInput,
  ): Promise<CreateReviewPayload> {
    const { value, errors } = await withExpectedFailures(() => reviewsService.create(ctx, input));
    return { review: value, errors };
  }

  @Authorized(Permission.REVIEWS)
  @Mutation(() => HideReviewPayload, { description: 'Admins only: hides a review from the shop, or shows it again.' })
  async hideReview(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
    @Arg('hidden', () => Boolean) hidden: boolean,
  ): Promise<HideReviewPayload> {
    const { value, errors } = await withExpectedFailures(() => reviewsService.setHidden(ctx, id, hidden), {
      notFoundField: 'id',
    });
    return { review: value, errors };
  }

  @Authorized(Permission.REVIEWS)
  @Mutation(() => ActionResult, { description: 'Admins only.' })
  async deleteReview(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<ActionResult> {
    const { errors } = await withExpectedFailures(() => reviewsService.delete(ctx, id), { notFoundField: 'id' });
    return { ok: errors.length === 0, message: errors[0]?.message ?? 'Review deleted', errors };
  }
}

@Resolver(() => ProductView)
export class ProductReviewSummaryResolver {
  @FieldResolver(() => ReviewSummary, { description: "This product's shown reviews in figures." })
  async reviewSummary(@Ctx() ctx: RequestContext, @Root() product: ProductView): Promise<ReviewSummary> {
    return reviewsService.summaryOf(ctx, product.id);
  }
}
