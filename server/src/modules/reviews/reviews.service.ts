import { announceCatalogueChange, cacheTag } from '../../events/catalogue-change';
import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { RateLimit } from '../../shared/rate-limiter';
import { singleRow } from '../../shared/single-row';
import { Review } from './review.entity';
import { recordAdminNotification } from '../notifications/admin-notifications';

export const reviewLimits = { name: 60, title: 120, fullReview: 4000 } as const;

export interface ReviewDraft {
  name?: unknown;
  rating?: unknown;
  title?: unknown;
  fullReview?: unknown;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The spec's messages for a review (§5), checked in the spec's order, plus length caps. */
export function validateReview(draft: ReviewDraft): {
  value: Omit<Review, 'id' | 'createdAt' | 'image'>;
  errors: FieldError[];
} {
  const rating = typeof draft.rating === 'string' ? Number(draft.rating) : draft.rating;
  const value = {
    name: text(draft.name),
    title: text(draft.title),
    fullReview: text(draft.fullReview),
    rating: rating as number,
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
  return { value, errors };
}

/** Guests write reviews without an account, so a flood is limited per address: 5 an hour. */
export const reviewRateLimit = new RateLimit('reviews-per-ip', 5, 60 * 60 * 1000, 'reviews from this address');

export const reviewsService = {
  /** Guests may write reviews; the values are trimmed and checked here, whatever the client did. */
  async create(ctx: RequestContext, draft: ReviewDraft): Promise<Review> {
    const { value, errors } = validateReview(draft);
    if (errors.length > 0) throw AppError.badInput(errors);
    await reviewRateLimit.consume(ctx.em, ctx.ip);
    return ctx.em.transactional(async (em) => {
      const review = em.create(Review, { ...value, image: null, createdAt: new Date() });
      // Written in the same transaction as the review.
      recordAdminNotification(em, {
        type: 'review',
        title: 'New review',
        text: `${value.name} rated ${value.rating}/5: ${value.title}`,
        link: '/oxalis/reviews',
      });
      await em.flush();
      await announceCatalogueChange(em, { reviewsChanged: true });
      return review;
    });
  },

  async stats(ctx: RequestContext): Promise<{ count: number; averageRating: number | null }> {
    ctx.cacheTags.add(cacheTag.reviews);
    const row = singleRow(
      await ctx.em
        .getConnection()
        .execute<{ count: string; average: string | null }[]>(
          'select count(*) as count, avg(rating) as average from reviews',
        ),
    );
    return {
      count: Number(row.count),
      averageRating: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    };
  },

  /** Admins only (checked by the caller); the shop's lists and ratings change with it. */
  async delete(ctx: RequestContext, id: unknown): Promise<number> {
    const reviewId = Number(id);
    const deleted = Number.isSafeInteger(reviewId)
      ? await ctx.em.transactional(async (em) => {
          const count = await em.nativeDelete(Review, { id: reviewId });
          if (count > 0) await announceCatalogueChange(em, { reviewsChanged: true });
          return count;
        })
      : 0;
    if (deleted === 0) throw AppError.notFound('Review not found');
    return reviewId;
  },

  async list(ctx: RequestContext, page: Page): Promise<Review[]> {
    ctx.cacheTags.add(cacheTag.reviews);
    return ctx.em.find(
      Review,
      {},
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
    );
  },
};
