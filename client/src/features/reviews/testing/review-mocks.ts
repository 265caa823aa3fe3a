import type { MockLink } from '@apollo/client/testing';
import {
  CreateReviewDocument,
  ProductReviewsDocument,
  ReviewsDocument,
  type CreateReviewMutation,
  type ProductReviewsQuery,
  type CreateReviewMutationVariables,
  type ReviewCard_ReviewFragment,
  type ReviewsQuery,
} from '../api/reviews.generated';
import { PRODUCT_REVIEWS_PAGE_SIZE, REVIEWS_SHOWN } from '../reviews-constants';

let nextId = 1;

/** A review as the API returns it, with __typename for Apollo's cache. */
export function createReview(overrides: Partial<ReviewCard_ReviewFragment> = {}): ReviewCard_ReviewFragment {
  const id = overrides.id ?? nextId++;
  return {
    __typename: 'Review',
    id,
    name: `Shopper ${id}`,
    rating: 5,
    title: `Lovely scent ${id}`,
    fullReview: 'Lasts all day and the delivery was quick.',
    image: null,
    verified: false,
    createdAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function reviewsMock(
  reviews: ReviewCard_ReviewFragment[],
  stats: { count: number; averageRating: number | null } = { count: reviews.length, averageRating: 4.5 },
  extra: Partial<MockLink.MockedResponse<ReviewsQuery>> = {},
): MockLink.MockedResponse<ReviewsQuery> {
  return {
    request: { query: ReviewsDocument, variables: { limit: REVIEWS_SHOWN } },
    result: { data: { reviews, reviewStats: { __typename: 'ReviewStats', ...stats } } },
    ...extra,
  };
}

export function createReviewMock(
  input: CreateReviewMutationVariables['input'],
  payload: Omit<CreateReviewMutation['createReview'], '__typename'>,
  extra: Partial<MockLink.MockedResponse<CreateReviewMutation, CreateReviewMutationVariables>> = {},
): MockLink.MockedResponse<CreateReviewMutation, CreateReviewMutationVariables> {
  return {
    request: { query: CreateReviewDocument, variables: { input } },
    result: { data: { createReview: { __typename: 'CreateReviewPayload', ...payload } } },
    ...extra,
  };
}

/** A product's summary from its ratings (5 down to 1 in the histogram), as the server computes it. */
export function summaryOf(ratings: number[]) {
  const count = ratings.length;
  const average = count === 0 ? null : Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / count) * 10) / 10;
  return {
    __typename: 'ReviewSummary' as const,
    count,
    averageRating: average,
    histogram: [5, 4, 3, 2, 1].map((rating) => ({
      __typename: 'RatingCount' as const,
      rating,
      count: ratings.filter((given) => given === rating).length,
    })),
  };
}

/** One page of a product's reviews with its summary. */
export function productReviewsMock(
  productId: number,
  reviews: ReviewCard_ReviewFragment[],
  summary: ReturnType<typeof summaryOf>,
  { offset = 0, ...extra }: Partial<MockLink.MockedResponse<ProductReviewsQuery>> & { offset?: number } = {},
): MockLink.MockedResponse<ProductReviewsQuery> {
  return {
    request: { query: ProductReviewsDocument, variables: { productId, limit: PRODUCT_REVIEWS_PAGE_SIZE, offset } },
    result: {
      data: { product: { __typename: 'Product', id: productId, reviewSummary: summary }, productReviews: reviews },
    },
    ...extra,
  };
}
