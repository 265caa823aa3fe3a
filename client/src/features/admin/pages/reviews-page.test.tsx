import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminReviewsDocument, DeleteReviewDocument, HideReviewDocument } from '../api/reviews.generated';
import { renderAdmin } from '../testing/render-admin';
import { ReviewsPage } from './reviews-page';

const longText = `${'Smoky vetiver and bergamot. '.repeat(5)}The end.`;
const achieng = {
  __typename: 'Review',
  id: 1,
  name: 'Achieng',
  rating: 4,
  title: 'Long lasting',
  fullReview: longText,
  verified: true,
  hidden: false,
  productId: 7 as number | null,
  product: { __typename: 'Product', id: 7, name: 'Oud Savanna' } as {
    __typename: 'Product';
    id: number;
    name: string;
  } | null,
  createdAt: '2025-03-01T09:00:00.000Z',
};
const baraka = {
  __typename: 'Review',
  id: 2,
  name: 'Baraka',
  rating: 5,
  title: 'Lovely',
  fullReview: 'Short and sweet.',
  verified: false,
  hidden: false,
  productId: null,
  product: null,
  createdAt: '2025-03-02T09:00:00.000Z',
};
// An older review, on the next page.
const chebet = { ...baraka, id: 3, name: 'Chebet', title: 'Fresh', createdAt: '2025-02-01T09:00:00.000Z' };
const reviews = [achieng, baraka];

type ReviewRow = typeof achieng;

/** One page of the admin list as the server answers it, with the count of all reviews. */
function reviewsPageMock(offset: number, page: ReviewRow[], count: number, maxUsageCount = 5) {
  return {
    request: { query: AdminReviewsDocument, variables: { limit: 50, offset } },
    result: { data: { adminReviews: { __typename: 'AdminReviewList', reviews: page, totalCount: count } } },
    maxUsageCount,
  };
}

const reviewsMock = reviewsPageMock(0, reviews, reviews.length);

function deleteMock(ok: boolean) {
  return {
    request: { query: DeleteReviewDocument, variables: { id: 1 } },
    result: {
      data: {
        deleteReview: {
          __typename: 'ActionResult',
          ok,
          message: ok ? 'Review deleted.' : 'Review not found.',
          errors: [],
        },
      },
    },
  };
}

function setViewportWidth(mobile: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: mobile && query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}

afterEach(() => {
  // @ts-expect-error jsdom has no matchMedia; the hook falls back to "no match" without it.
  delete window.matchMedia;
});

describe('ReviewsPage', () => {
  it('previews 100 characters on a phone and shows the whole review in View', async () => {
    setViewportWidth(true);
    renderAdmin(<ReviewsPage />, { mocks: [reviewsMock] });
    const user = userEvent.setup();

    const card = await screen.findByRole('listitem', { name: 'Review by Achieng' });
    expect(card).toHaveTextContent(`${longText.slice(0, 100)}…`);
    expect(card).not.toHaveTextContent('The end.');
    expect(screen.getByRole('listitem', { name: 'Review by Baraka' })).toHaveTextContent('Short and sweet.');

    await user.click(within(card).getByRole('button', { name: 'View' }));
    expect(screen.getByRole('dialog', { name: 'Long lasting' })).toHaveTextContent(longText);
  });

  it('says what each review is about and whether its writer bought it', async () => {
    const archived = { ...baraka, id: 4, name: 'Dalia', productId: 9, product: null };
    renderAdmin(<ReviewsPage />, { mocks: [reviewsPageMock(0, [achieng, baraka, archived], 3)] });

    expect(await screen.findByRole('listitem', { name: 'Review by Achieng' })).toHaveTextContent(
      'About Oud Savanna · Verified buyer',
    );
    expect(screen.getByRole('listitem', { name: 'Review by Baraka' })).toHaveTextContent('About the shop');
    expect(screen.getByRole('listitem', { name: 'Review by Baraka' })).not.toHaveTextContent('Verified buyer');
    expect(screen.getByRole('listitem', { name: 'Review by Dalia' })).toHaveTextContent(
      'About product #9 (no longer sold)',
    );
  });

  it('hides a review from the shop and shows it again, the card saying which it is', async () => {
    const hideMock = (hidden: boolean) => ({
      request: { query: HideReviewDocument, variables: { id: 1, hidden } },
      result: {
        data: {
          hideReview: { __typename: 'HideReviewPayload', review: { __typename: 'Review', id: 1, hidden }, errors: [] },
        },
      },
    });
    renderAdmin(<ReviewsPage />, { mocks: [reviewsMock, hideMock(true), hideMock(false)] });
    const user = userEvent.setup();

    const card = await screen.findByRole('listitem', { name: 'Review by Achieng' });
    expect(card).not.toHaveTextContent('Hidden');
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Review hidden from the shop')).toBeInTheDocument();
    expect(card).toHaveTextContent('· Hidden');
    // Delete is still there beside it (the spec's).
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Review shown in the shop')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Hidden');
    expect(within(card).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });

  it('shows whole reviews on a wide screen', async () => {
    setViewportWidth(false);
    renderAdmin(<ReviewsPage />, { mocks: [reviewsMock] });

    expect(await screen.findByRole('listitem', { name: 'Review by Achieng' })).toHaveTextContent('The end.');
  });

  it('asks before deleting, naming the customer, then reads the page and the count again', async () => {
    // After the delete the server no longer has Achieng's review: the next one moves up and the count drops.
    renderAdmin(<ReviewsPage />, {
      mocks: [
        reviewsPageMock(0, reviews, 52, 1),
        deleteMock(true),
        // Long enough that a loaded machine still sees the state between the delete and the page read again
        // (300 ms was not, once); the read is awaited below, not timed.
        { ...reviewsPageMock(0, [baraka, chebet], 51), delay: 3000 },
      ],
    });
    const user = userEvent.setup();

    const card = await screen.findByRole('listitem', { name: 'Review by Achieng' });
    expect(screen.getByRole('navigation', { name: 'Pages of reviews' })).toHaveTextContent('of 52 reviews');
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Review' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the review by Achieng?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // At once, before the page is read again: the review is gone and the count is one less.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Review by Achieng' })).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Pages of reviews' })).toHaveTextContent('of 51 reviews');
    expect(screen.queryByRole('listitem', { name: 'Review by Chebet' })).not.toBeInTheDocument();

    expect(await screen.findByRole('listitem', { name: 'Review by Chebet' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Review by Achieng' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Review by Baraka' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of reviews' })).toHaveTextContent('Showing 1–2 of 51 reviews');
  });

  it('pages through reviews 50 at a time, counting them all', async () => {
    renderAdmin(<ReviewsPage />, { mocks: [reviewsPageMock(0, reviews, 51), reviewsPageMock(50, [chebet], 51)] });
    const user = userEvent.setup();

    const pages = await screen.findByRole('navigation', { name: 'Pages of reviews' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 1–2 of 51 reviews');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('listitem', { name: 'Review by Chebet' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Review by Achieng' })).not.toBeInTheDocument();
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 51–51 of 51 reviews');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('goes back to the last page with reviews when deleting empties a later page', async () => {
    const deleteChebet = {
      ...deleteMock(true),
      request: { query: DeleteReviewDocument, variables: { id: chebet.id } },
    };
    renderAdmin(<ReviewsPage />, {
      mocks: [
        reviewsPageMock(0, reviews, 51, 1),
        reviewsPageMock(50, [chebet], 51, 1),
        deleteChebet,
        reviewsPageMock(50, [], 50, 1),
        reviewsPageMock(0, reviews, 50),
      ],
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const card = await screen.findByRole('listitem', { name: 'Review by Chebet' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Review' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByRole('listitem', { name: 'Review by Achieng' })).toBeInTheDocument();
    expect(screen.queryByText('No reviews yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of reviews' })).not.toBeInTheDocument();
  });

  it('shows no pager when every review fits on one page', async () => {
    renderAdmin(<ReviewsPage />, { mocks: [reviewsMock] });

    expect(await screen.findByRole('listitem', { name: 'Review by Baraka' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of reviews' })).not.toBeInTheDocument();
  });

  it("says 'Failed to delete review' when the server refuses", async () => {
    renderAdmin(<ReviewsPage />, { mocks: [reviewsMock, deleteMock(false)] });
    const user = userEvent.setup();

    const card = await screen.findByRole('listitem', { name: 'Review by Achieng' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Review' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete review');
    expect(screen.getByRole('listitem', { name: 'Review by Achieng' })).toBeInTheDocument();
  });
});
