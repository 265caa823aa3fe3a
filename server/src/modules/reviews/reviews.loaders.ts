import DataLoader from 'dataloader';
import type { RequestContext } from '../../core/request-context';
import type { Review } from './review.entity';
import { readProductReviewPage, reviewsService, type ReviewSummaryValue } from './reviews.service';

/**
 * Review summaries by product id: a page of products asking for theirs costs one statement. Pages of a product's
 * reviews by their request (as JSON): a product page's JSON-LD and its embedded first page read it once.
 */
export function createReviewLoaders(context: () => RequestContext) {
  return {
    summaryByProductId: new DataLoader<number, ReviewSummaryValue>((ids) => reviewsService.summaries(context(), ids)),
    productReviewPage: new DataLoader<string, Review[]>((requests) =>
      Promise.all(
        requests.map((request) => readProductReviewPage(context(), JSON.parse(request) as ReviewPageRequest)),
      ),
    ),
  };
}

interface ReviewPageRequest {
  productId: number;
  limit: number;
  offset: number;
}

export type ReviewLoaders = ReturnType<typeof createReviewLoaders>;

declare module '../../core/request-context' {
  interface RequestLoaders {
    reviews: ReviewLoaders;
  }
}
