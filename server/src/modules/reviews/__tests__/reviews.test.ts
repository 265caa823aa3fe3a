import { startTestShop, type TestShop } from '../../../../test/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

const createReview = `mutation ($input: ReviewInput!) {
  createReview(input: $input) { review { id name rating title fullReview } errors { field code message } }
}`;

describe('writing a review as a guest', () => {
  it('stores trimmed values and lists the newest first over REST and GraphQL', async () => {
    const first = await shop.http
      .post('/api/reviews/add')
      .send({ name: '  Wanjiru ', rating: 5, title: ' Lovely ', fullReview: ' Lasts all day. ' })
      .expect(201);
    expect(first.body).toMatchObject({
      success: true,
      message: 'Thank you for your review!',
      data: { name: 'Wanjiru', rating: 5, title: 'Lovely', fullReview: 'Lasts all day.' },
    });
    const second = await shop.graphql<{ createReview: { review: { id: number }; errors: unknown[] } }>(createReview, {
      input: { name: 'Otieno', rating: 4, title: 'Good', fullReview: 'Nice and fresh.' },
    });
    expect(second.data!.createReview.errors).toEqual([]);

    const listed = await shop.http.get('/api/reviews/list').expect(200);
    expect(listed.body.success).toBe(true);
    expect(listed.body.data.map((review: { name: string }) => review.name)).toEqual(['Otieno', 'Wanjiru']);
    const { data } = await shop.graphql<{ reviews: { name: string }[] }>('{ reviews { id name } }');
    expect(data!.reviews.map((review) => review.name)).toEqual(['Otieno', 'Wanjiru']);
  });

  it.each([
    [{ name: 'A', title: 'T', fullReview: 'R' }, 'rating', 'Please provide a rating.'],
    [{ name: '   ', rating: 3, title: 'T', fullReview: 'R' }, 'name', 'Please enter your nickname.'],
    [{ name: 'A', rating: 3, title: '', fullReview: 'R' }, 'title', 'Please enter a review title.'],
    [{ name: 'A', rating: 3, title: 'T', fullReview: ' ' }, 'fullReview', 'Please enter your review.'],
    [{ name: 'A', rating: 6, title: 'T', fullReview: 'R' }, 'rating', 'Rating must be a whole number from 1 to 5.'],
  ])('refuses %j with the message for %s', async (body, field, message) => {
    const before = await shop.http.get('/api/reviews/list');
    const response = await shop.http.post('/api/reviews/add').send(body).expect(400);
    expect(response.body).toMatchObject({ success: false, message, code: 'BAD_USER_INPUT' });
    expect(response.body.errors).toContainEqual(expect.objectContaining({ field, message }));
    const after = await shop.http.get('/api/reviews/list');
    expect(after.body.data).toHaveLength(before.body.data.length);
  });

  it('answers GraphQL validation failures as data with field and code', async () => {
    const { data, errors } = await shop.graphql<{
      createReview: { review: null; errors: { field: string; code: string; message: string }[] };
    }>(createReview, { input: { name: '', rating: 0, title: '', fullReview: '' } });
    expect(errors).toBeUndefined();
    expect(data!.createReview.review).toBeNull();
    expect(data!.createReview.errors.map((error) => error.message)).toEqual([
      'Please provide a rating.',
      'Please enter your nickname.',
      'Please enter a review title.',
      'Please enter your review.',
    ]);
  });

  it('caps the length of each field', async () => {
    const response = await shop.http
      .post('/api/reviews/add')
      .send({ name: 'A', rating: 3, title: 'T', fullReview: 'x'.repeat(4001) })
      .expect(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'fullReview', code: 'TOO_LONG' });
  });
});
