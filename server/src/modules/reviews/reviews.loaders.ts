import DataLoader from 'dataloader';
import type { RequestContext } from '../../core/request-context';
import { reviewsService, type ReviewSummaryValue } from './reviews.service';

/** Review summaries by product id: a page of products asking for theirs costs one statement. */
export function createReviewLoaders(context: () => RequestContext) {
  return {
    summaryByProductId: new DataLoader<number, ReviewSummaryValue>((ids) => reviewsService.summaries(context(), ids)),
  };
}

export type ReviewLoaders = ReturnType<typeof createReviewLoaders>;

declare module '../../core/request-context' {
  interface RequestLoaders {
    reviews: ReviewLoaders;
  }
}
