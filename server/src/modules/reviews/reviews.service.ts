import { ref } from '@mikro-orm/core';
import { announceCatalogueChange, cacheTag, type CatalogueChange } from '../../events/catalogue-change';
import { recordAudit } from '../audit/audit-log';
import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { RateLimit } from '../../shared/rate-limiter';
import { singleRow } from '../../shared/single-row';
import { User } from '../accounts/user.entity';
import { Product } from '../catalog/product.entity';
import { recordAdminNotification } from '../notifications/admin-notifications';
import { PaymentStatus } from '../orders/order.entity';
import { Review } from './review.entity';

export const reviewLimits = { name: 60, title: 120, fullReview: 4000 } as const;

export interface ReviewDraft {
  name?: unknown;
  rating?: unknown;
  title?: unknown;
  fullReview?: unknown;
  /** The product reviewed; absent or null for a review of the shop. */
  productId?: unknown;
}

/** A product's (or the shop's) shown reviews in figures: how many, their average, and how many of each rating. */
export interface ReviewSummaryValue {
  count: number;
  averageRating: number | null;
  /** Ratings 5 down to 1, each with its count (0 included): the histogram's bars in the order they are drawn. */
  histogram: { rating: number; count: number }[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A value a PostgreSQL int id column can hold (a larger one would make the statement itself fail). */
const isRowId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** An optional id: null when absent, undefined when it is not a positive whole number. */
function optionalId(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return isRowId(id) ? id : undefined;
}

/** The spec's messages for a review (§5), checked in the spec's order, plus length caps and the product. */
export function validateReview(draft: ReviewDraft): {
  value: Pick<Review, 'name' | 'rating' | 'title' | 'fullReview'> & { productId: number | null };
  errors: FieldError[];
} {
  const rating = typeof draft.rating === 'string' ? Number(draft.rating) : draft.rating;
  const productId = optionalId(draft.productId);
  const value = {
    name: text(draft.name),
    title: text(draft.title),
    fullReview: text(draft.fullReview),
    rating: rating as number,
    productId: productId ?? null,
  };
  const errors: FieldError[] = [];
  if (rating === undefined || rating === null || rating === 0 || rating === '') {
    errors.push(FieldError.of('rating', 'REQUIRED', 'Please provide a rating.'));
  } else if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    errors.push(FieldError.of('rating', 'OUT_OF_RANGE', 'Rating must be a whole number from 1 to 5.'));
  }
  if (!value.name) errors.push(FieldError.of('name', 'REQUIRED', 'Please enter your nickname.'));
  if (!value.title) errors.push(FieldError.of('title', 'REQUIRED', 'Please enter a review title.'));
  if (!value.fullReview) errors.push(FieldError.of('fullReview', 'REQUIRED', 'Please enter your review.'));
  for (const field of ['name', 'title', 'fullReview'] as const) {
    if (value[field].length > reviewLimits[field]) {
      errors.push(FieldError.of(field, 'TOO_LONG', `Please keep this under ${reviewLimits[field]} characters.`));
    }
  }
  if (productId === undefined) errors.push(FieldError.of('productId', 'INVALID', 'Unknown product.'));
  return { value, errors };
}

/** Guests write reviews without an account, so a flood is limited per address: 5 an hour. */
export const reviewRateLimit = new RateLimit('reviews-per-ip', 5, 60 * 60 * 1000, 'reviews from this address');

/** What a change to a review of this product (or of the shop, null) drops from the caches. */
function reviewChange(productId: number | null): CatalogueChange {
  return productId === null ? { reviewsChanged: true } : { reviewedProductIds: [productId] };
}

const roundedAverage = (average: number) => Math.round(average * 10) / 10;

function emptySummary(): ReviewSummaryValue {
  return { count: 0, averageRating: null, histogram: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })) };
}

/** Shown reviews only: hidden ones are never listed or counted publicly. */
const shown = { hidden: false } as const;

/** One page of a product's shown reviews, newest first (for the request's DataLoader). */
export function readProductReviewPage(
  ctx: RequestContext,
  { productId, limit, offset }: { productId: number; limit: number; offset: number },
): Promise<Review[]> {
  return ctx.em.find(
    Review,
    { product: productId, ...shown },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset },
  );
}

export const reviewsService = {
  /**
   * Guests may write reviews; the values are trimmed and checked here, whatever the client did. "Verified" is
   * decided here too: signed in, with a paid order of the product (of anything, for a review of the shop).
   */
  async create(ctx: RequestContext, draft: ReviewDraft): Promise<Review> {
    const { value, errors } = validateReview(draft);
    if (errors.length > 0) throw AppError.badInput(errors);
    await reviewRateLimit.consume(ctx.em, ctx.ip);
    const { productId, ...fields } = value;
    const userId = ctx.viewer?.id ?? null;
    return ctx.em.transactional(async (em) => {
      // One statement: whether the product is on sale at all, and whether this reviewer paid for it.
      const facts = singleRow(
        await em.getConnection().execute<{ product_shown: boolean; verified: boolean }[]>(
          `select (?::int is null or exists (select 1 from products where id = ?::int and archived_at is null))
                    as product_shown,
                  (?::uuid is not null and exists (select 1 from orders o
                    where o.user_id = ?::uuid and o.payment_status = ?
                      and (?::int is null or exists (select 1 from order_items i
                        where i.order_id = o.id and i.product_id = ?::int)))) as verified`,
          [productId, productId, userId, userId, PaymentStatus.COMPLETED, productId, productId],
          'all',
          em.getTransactionContext(),
        ),
      );
      if (!facts.product_shown) throw AppError.field('productId', 'NOT_FOUND', 'This product is no longer available.');
      const review = em.create(Review, {
        ...fields,
        image: null,
        createdAt: new Date(),
        product: productId === null ? null : ref(Product, productId),
        user: userId === null ? null : ref(User, userId),
        verified: facts.verified,
      });
      // Written in the same transaction as the review.
      recordAdminNotification(em, {
        type: 'review',
        title: productId === null ? 'New review' : 'New product review',
        text: `${value.name} rated ${value.rating}/5: ${value.title}`,
        link: '/oxalis/reviews',
      });
      await em.flush();
      await announceCatalogueChange(em, reviewChange(productId));
      return review;
    });
  },

  /** The shop's own reviews in figures (the spec's reviewStats): reviews of products do not count here. */
  async stats(ctx: RequestContext): Promise<{ count: number; averageRating: number | null }> {
    ctx.cacheTags.add(cacheTag.reviews);
    const row = singleRow(
      await ctx.em
        .getConnection()
        .execute<{ count: string; average: string | null }[]>(
          'select count(*) as count, avg(rating) as average from reviews where product_id is null and not hidden',
        ),
    );
    return {
      count: Number(row.count),
      averageRating: row.average === null ? null : roundedAverage(Number(row.average)),
    };
  },

  /**
   * The summaries of these products' shown reviews, in their order: one statement however many (the DataLoader
   * behind Product.reviewSummary batches a page of products into one call).
   */
  async summaries(ctx: RequestContext, productIds: readonly number[]): Promise<ReviewSummaryValue[]> {
    for (const id of productIds) ctx.cacheTags.add(cacheTag.productReviews(id));
    const rows = await ctx.em.getConnection().execute<{ product_id: number; rating: number; count: string }[]>(
      `select product_id, rating, count(*) as count from reviews
          where product_id in (select value::int from jsonb_array_elements_text(?::jsonb)) and not hidden
          group by product_id, rating`,
      [JSON.stringify(productIds)],
    );
    const byProduct = new Map<number, ReviewSummaryValue>(productIds.map((id) => [id, emptySummary()]));
    const sums = new Map<number, number>();
    for (const row of rows) {
      const summary = byProduct.get(row.product_id);
      const bar = summary?.histogram.find((entry) => entry.rating === row.rating);
      if (!summary || !bar) continue;
      bar.count = Number(row.count);
      summary.count += bar.count;
      sums.set(row.product_id, (sums.get(row.product_id) ?? 0) + bar.count * row.rating);
    }
    for (const [id, summary] of byProduct) {
      if (summary.count > 0) summary.averageRating = roundedAverage((sums.get(id) ?? 0) / summary.count);
    }
    return productIds.map((id) => byProduct.get(id) ?? emptySummary());
  },

  /** One product's shown reviews in figures, through the request's DataLoader. */
  async summaryOf(ctx: RequestContext, productId: number): Promise<ReviewSummaryValue> {
    if (!isRowId(productId)) return emptySummary();
    return ctx.loaders.reviews.summaryByProductId.load(productId);
  },

  /** Admins only (checked by the caller); the lists and figures showing it change with it. */
  async delete(ctx: RequestContext, id: unknown): Promise<number> {
    const reviewId = Number(id);
    const deleted = isRowId(reviewId)
      ? await ctx.em.transactional(async (em) => {
          const rows = await em
            .getConnection()
            .execute<{ product_id: number | null; review: unknown }[]>(
              'delete from reviews where id = ? returning product_id, to_jsonb(reviews.*) as review',
              [reviewId],
              'all',
              em.getTransactionContext(),
            );
          const [row] = rows;
          if (row) {
            recordAudit(ctx, em, {
              action: 'deleteReview',
              targetType: 'review',
              targetId: reviewId,
              before: row.review,
            });
            await announceCatalogueChange(em, reviewChange(row.product_id));
          }
          return rows.length;
        })
      : 0;
    if (deleted === 0) throw AppError.notFound('Review not found');
    return reviewId;
  },

  /** Admins only (checked by the caller): a hidden review stays stored but is never listed or counted publicly. */
  async setHidden(ctx: RequestContext, id: number, hidden: boolean): Promise<Review> {
    if (!isRowId(id)) throw AppError.notFound('Review not found');
    return ctx.em.transactional(async (em) => {
      const review = await em.findOne(Review, { id });
      if (!review) throw AppError.notFound('Review not found');
      if (review.hidden !== hidden) {
        recordAudit(ctx, em, {
          action: 'hideReview',
          targetType: 'review',
          targetId: review.id,
          before: { hidden: review.hidden },
          after: { hidden },
        });
        review.hidden = hidden;
        await em.flush();
        await announceCatalogueChange(em, reviewChange(review.product?.id ?? null));
      }
      return review;
    });
  },

  /** The shop's own shown reviews (the spec's list), newest first. */
  async list(ctx: RequestContext, page: Page): Promise<Review[]> {
    ctx.cacheTags.add(cacheTag.reviews);
    return ctx.em.find(
      Review,
      { product: null, ...shown },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
    );
  },

  /** One product's shown reviews, newest first: one statement per page, read once per request. */
  async listForProduct(ctx: RequestContext, productId: number, page: Page): Promise<Review[]> {
    if (!isRowId(productId)) return [];
    ctx.cacheTags.add(cacheTag.productReviews(productId));
    return ctx.loaders.reviews.productReviewPage.load(
      JSON.stringify({ productId, limit: page.limit, offset: page.offset }),
    );
  },

  /** Admins only (checked by the caller): every review, hidden ones and those of products included. */
  async listAll(ctx: RequestContext, page: Page): Promise<{ reviews: Review[]; totalCount: number }> {
    const [reviews, totalCount] = await ctx.em.findAndCount(
      Review,
      {},
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
    );
    return { reviews, totalCount };
  },
};
