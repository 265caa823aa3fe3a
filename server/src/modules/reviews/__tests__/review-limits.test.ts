import { RateLimiter } from '../../../shared/rate-limiter';
import { startTestShop, type TestShop } from '../../../../test/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

const review = (index: number) => ({
  name: `Guest ${index}`,
  rating: (index % 5) + 1,
  title: 'Nice',
  fullReview: 'Smells good.',
});

it('answers count and average, and refuses a sixth review from one address within the hour', async () => {
  expect((await shop.graphql('{ reviewStats { count averageRating } }')).data).toEqual({
    reviewStats: { count: 0, averageRating: null },
  });
  for (let index = 0; index < 5; index += 1) await shop.http.post('/api/reviews/add').send(review(index)).expect(201);
  const refused = await shop.http.post('/api/reviews/add').send(review(5)).expect(429);
  expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  expect(refused.body.message).toMatch(/^Too many reviews from this address\. Please try again in \d+ minutes?\.$/);
  // Ratings 1..5 once each: average 3.
  expect((await shop.graphql('{ reviewStats { count averageRating } }')).data).toEqual({
    reviewStats: { count: 5, averageRating: 3 },
  });
});

it('opens the window again once it has passed', () => {
  let now = 0;
  const limiter = new RateLimiter(2, 1000, () => now);
  limiter.consume('a', 'tries');
  limiter.consume('a', 'tries');
  expect(() => limiter.consume('a', 'tries')).toThrow('Too many tries. Please try again in 1 minute.');
  limiter.consume('b', 'tries');
  now = 1000;
  expect(() => limiter.consume('a', 'tries')).not.toThrow();
});

it('checks without counting, so only what is consumed counts toward the limit', () => {
  const limiter = new RateLimiter(2, 1000, () => 0);
  for (let index = 0; index < 5; index += 1) limiter.check('a', 'tries');
  limiter.consume('a', 'tries');
  limiter.check('a', 'tries');
  expect(() => limiter.consume('a', 'tries')).not.toThrow();
  expect(() => limiter.check('a', 'tries')).toThrow('Too many tries. Please try again in 1 minute.');
});
