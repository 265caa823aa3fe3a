import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../../shared/ui/toast';
import { createReview, createReviewMock, productReviewsMock, summaryOf } from '../testing/review-mocks';
import { ProductReviewsSection } from './product-reviews-section';

const PRODUCT_ID = 12;

function renderSection(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={mocks}>
      <ToastProvider>
        <ProductReviewsSection productId={PRODUCT_ID} productName="Oud Savanna" />
      </ToastProvider>
    </MockedProvider>,
  );
  return user;
}

const headings = () =>
  screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

describe('ProductReviewsSection', () => {
  it("summarises the product's own ratings: average, count and a bar per rating in words", async () => {
    const ratings = [5, 5, 4, 4, 4, 2];
    renderSection([
      productReviewsMock(
        PRODUCT_ID,
        [
          createReview({ id: 1, title: 'Rich', rating: 5, verified: true }),
          createReview({ id: 2, title: 'Meh', rating: 2 }),
        ],
        summaryOf(ratings),
      ),
    ]);

    expect(await screen.findByText('4.0 out of 5 · Based on 6 reviews')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Ratings breakdown' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5 stars2 reviews',
      '4 stars3 reviews',
      '3 stars0 reviews',
      '2 stars1 review',
      '1 star0 reviews',
    ]);
    // The bars are drawn to scale for the eye, hidden from screen readers (the words say it).
    const fill = bars[1]!.querySelector('.rating-summary__fill') as HTMLElement;
    expect(fill.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(fill.style.width).toBe('50%');

    // "Verified buyer" only where the server said so.
    const [rich, meh] = screen.getAllByRole('article');
    expect(within(rich!).getByText('Verified buyer')).toBeInTheDocument();
    expect(within(meh!).queryByText('Verified buyer')).not.toBeInTheDocument();
  });

  it('has no summary, only an invitation, for a product without reviews', async () => {
    renderSection([productReviewsMock(PRODUCT_ID, [], summaryOf([]))]);

    expect(
      await screen.findByText('No reviews of this product yet. Be the first to share your thoughts.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/out of 5/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Ratings breakdown' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('shows more reviews a page at a time until all are listed', async () => {
    const firstPage = [1, 2, 3, 4, 5].map((id) => createReview({ id, title: `Review ${id}` }));
    const lastPage = [createReview({ id: 6, title: 'Review 6' }), createReview({ id: 7, title: 'Review 7' })];
    const summary = summaryOf([5, 5, 5, 5, 5, 5, 5]);
    const user = renderSection([
      productReviewsMock(PRODUCT_ID, firstPage, summary),
      productReviewsMock(PRODUCT_ID, lastPage, summary, { offset: 5 }),
    ]);

    await screen.findByRole('heading', { name: 'Review 5' });
    expect(headings()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));

    expect(await screen.findByRole('heading', { name: 'Review 7' })).toBeInTheDocument();
    expect(headings()).toEqual(['Review 1', 'Review 2', 'Review 3', 'Review 4', 'Review 5', 'Review 6', 'Review 7']);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('writes a review about this product and lists it after the thanks', async () => {
    const existing = createReview({ id: 1, title: 'First!', rating: 4 });
    const input = { name: 'Achieng', rating: 5, title: 'Great value', fullReview: 'Lovely and lasts long.' };
    const created = createReview({ id: 2, ...input });
    const sent = jest.fn(() => ({
      data: { createReview: { __typename: 'CreateReviewPayload' as const, review: created, errors: [] } },
    }));
    const user = renderSection([
      productReviewsMock(PRODUCT_ID, [existing], summaryOf([4])),
      // The product's id goes with the review; nothing says whether the writer bought it.
      createReviewMock({ ...input, productId: PRODUCT_ID }, { review: created, errors: [] }, { result: sent }),
      productReviewsMock(PRODUCT_ID, [created, existing], summaryOf([5, 4])),
    ]);

    await screen.findByRole('heading', { name: 'First!' });
    await user.click(screen.getByRole('button', { name: 'Write a review of Oud Savanna' }));
    const dialog = screen.getByRole('dialog', { name: 'Write a review' });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.type(within(dialog).getByLabelText('Nickname'), input.name);
    await user.type(within(dialog).getByLabelText('Review title'), input.title);
    await user.type(within(dialog).getByLabelText('Your review'), input.fullReview);
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Thank you for your review!')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Great value' })).toBeInTheDocument();
    expect(headings()).toEqual(['Great value', 'First!']);
    expect(screen.getByText('4.5 out of 5 · Based on 2 reviews')).toBeInTheDocument();
  });
});
