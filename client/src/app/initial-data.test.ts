import { ApolloClient, ApolloLink } from '@apollo/client';
import { CategoryCarouselDocument } from '../features/catalog/api/category-carousel.generated';
import { ReviewsDocument, type ReviewsQuery } from '../features/reviews/api/reviews.generated';
import { createCache } from './apollo-client';
import firstScreenOperations from './first-screen-operations.json';
import {
  INITIAL_DATA_ELEMENT_ID,
  initialDataDocuments,
  restoreInitialData,
  restoreInitialDataInSteps,
} from './initial-data';

const reviewsData: ReviewsQuery = {
  reviews: [
    {
      __typename: 'Review',
      id: 4,
      name: 'Njeri',
      rating: 5,
      title: 'Perfect gift',
      fullReview: 'My sister loved it.',
      image: null,
      verified: false,
      createdAt: '2025-03-01T09:00:00.000Z',
    },
  ],
  reviewStats: { __typename: 'ReviewStats', count: 1, averageRating: 5 },
};

const categoriesData = {
  categories: [
    {
      __typename: 'Category',
      id: 1,
      name: 'FOR MEN',
      slug: 'for-men',
      description: 'Bold scents',
      imageUrl: null,
      imageSrcSet: null,
    },
  ],
};

function createClient() {
  // A link that fails loudly: restored data must be readable without any request.
  return new ApolloClient({ cache: createCache(), link: ApolloLink.empty() });
}

function embed(json: string) {
  const script = document.createElement('script');
  script.id = INITIAL_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = json;
  document.body.append(script);
}

describe('restoreInitialData', () => {
  afterEach(() => document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove());

  it('registers the documents of the public first screens by operation name', () => {
    expect(Object.keys(initialDataDocuments).sort()).toEqual([
      'CategoryCarousel',
      'CategoryPage',
      'CategoryProducts',
      'NewArrivalsPage',
      'NewArrivalsSection',
      'ProductPage',
      'ProductReviews',
      'Reviews',
      'Viewer',
    ]);
  });

  it('registers exactly the operations whose documents the build hands the server', () => {
    expect(Object.keys(initialDataDocuments).sort()).toEqual([...firstScreenOperations].sort());
  });

  it('writes each known entry into the cache with its variables, ignoring unknown operations', () => {
    embed(
      JSON.stringify([
        { operationName: 'Reviews', variables: { limit: 6 }, data: reviewsData },
        { operationName: 'CategoryCarousel', data: categoriesData },
        { operationName: 'AdminSecrets', variables: {}, data: { secrets: ['x'] } },
        { operationName: 'constructor', data: {} },
      ]),
    );
    const client = createClient();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});

    try {
      expect(restoreInitialData(client)).toBe(2);
      // Unknown names (even ones every object has, like 'constructor') are ignored, not attempted.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }

    expect(client.readQuery({ query: ReviewsDocument, variables: { limit: 6 } })).toEqual(reviewsData);
    // Variables are part of the cache key: a different page size is not answered from the embedded data.
    expect(client.readQuery({ query: ReviewsDocument, variables: { limit: 3 } })).toBeNull();
    expect(client.readQuery({ query: CategoryCarouselDocument })).toEqual(categoriesData);
    expect(client.cache.extract() as Record<string, object>).not.toHaveProperty('ROOT_QUERY.secrets');
  });

  it('does nothing without the element, with invalid JSON or with something other than a list', () => {
    const client = createClient();
    expect(restoreInitialData(client)).toBe(0);

    embed('{not json');
    expect(restoreInitialData(client)).toBe(0);
    document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove();

    embed(JSON.stringify({ operationName: 'Reviews', variables: { limit: 6 }, data: reviewsData }));
    expect(restoreInitialData(client)).toBe(0);
    expect(client.cache.extract()).toEqual({});
  });

  it('skips malformed entries and keeps the good ones', () => {
    embed(
      JSON.stringify([
        null,
        'Reviews',
        { operationName: 'Reviews', variables: { limit: 6 } },
        { operationName: 'Reviews', variables: 'limit=6', data: reviewsData },
        { operationName: 'Reviews', variables: { limit: 6 }, data: reviewsData },
      ]),
    );
    const client = createClient();

    expect(restoreInitialData(client)).toBe(1);
    expect(client.readQuery({ query: ReviewsDocument, variables: { limit: 6 } })).toEqual(reviewsData);
  });
});

describe('restoreInitialDataInSteps', () => {
  afterEach(() => document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove());

  it('writes one entry per task, handing the browser a turn before each, and skips what it cannot write', async () => {
    embed(
      JSON.stringify([
        { operationName: 'Reviews', variables: { limit: 6 }, data: reviewsData },
        { operationName: 'AdminSecrets', data: { secrets: ['x'] } },
        { operationName: 'CategoryCarousel', data: categoriesData },
      ]),
    );
    const client = createClient();
    // What the cache held each time the browser got its turn.
    const seenAtPauses: [boolean, boolean][] = [];
    const pause = async () => {
      seenAtPauses.push([
        client.readQuery({ query: ReviewsDocument, variables: { limit: 6 } }) !== null,
        client.readQuery({ query: CategoryCarouselDocument }) !== null,
      ]);
    };

    await expect(restoreInitialDataInSteps(client, document, initialDataDocuments, pause)).resolves.toBe(2);

    expect(seenAtPauses).toEqual([
      [false, false],
      [true, false],
    ]);
    expect(client.readQuery({ query: CategoryCarouselDocument })).toEqual(categoriesData);
  });

  it('writes nothing and never pauses without embedded data', async () => {
    const pause = jest.fn(async () => {});
    await expect(restoreInitialDataInSteps(createClient(), document, initialDataDocuments, pause)).resolves.toBe(0);
    expect(pause).not.toHaveBeenCalled();
  });
});
