import type { MockLink } from '@apollo/client/testing';
import {
  CreateReviewDocument,
  ReviewsDocument,
  type CreateReviewMutation,
  type CreateReviewMutationVariables,
  type ReviewCard_ReviewFragment,
  type ReviewsQuery,
} from '../api/reviews.generated';
import { REVIEWS_SHOWN } from '../reviews-constants';

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
