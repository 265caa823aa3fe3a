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

it('opens the window again once it has passed, and counts parallel reviews one by one', async () => {
  await shop.http.post('/api/reviews/add').send(review(6)).expect(429);
  // The window's end is kept in the shared table: move it into the past, as time would.
  await shop.orm.em.fork().getConnection().execute('update rate_limits set expire = 0');
  await shop.http.post('/api/reviews/add').send(review(7)).expect(201);
  // Four left in the new window: of ten sent at once, four are taken and six refused, never more.
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, index) => shop.http.post('/api/reviews/add').send(review(10 + index))),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(201), ...Array(6).fill(429)]);
});
