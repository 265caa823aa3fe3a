import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { ToastProvider } from '../../../shared/ui/toast';
import { createReview, reviewsMock } from '../testing/review-mocks';
import { ReviewsSection } from './reviews-section';

function renderSection(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <ToastProvider>
        <ReviewsSection />
      </ToastProvider>
    </MockedProvider>,
  );
}

describe('ReviewsSection', () => {
  it('shows Loading… and then the reviews in the order the server sent them (newest first)', async () => {
    renderSection([
      reviewsMock(
        [
          createReview({ id: 9, name: 'Wanjiru', rating: 4, title: 'Beautiful', fullReview: 'Smells like roses.' }),
          createReview({ id: 3, name: 'Otieno', rating: 2, title: 'Too strong' }),
        ],
        { count: 12, averageRating: 4.3 },
      ),
    ]);

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Beautiful',
      'Too strong',
    ]);
    const first = articles[0]!;
    expect(within(first).getByText('Wanjiru')).toBeInTheDocument();
    expect(within(first).getByText('Smells like roses.')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(articles[1]!).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('4.3 out of 5 · Based on 12 reviews')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('renders review text as text, never as HTML', async () => {
    const { container } = renderSection([
      reviewsMock([
        createReview({
          title: '<b>bold</b>',
          fullReview: '<img src=x onerror="alert(1)"><script>alert(2)</script>',
        }),
      ]),
    ]);

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading')).toHaveTextContent('<b>bold</b>');
    expect(within(article).getByText('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toBeInTheDocument();
    expect(container.querySelector('b, script, img[src="x"]')).toBeNull();
  });

  it('shows a placeholder avatar without an image and the picture when there is one', async () => {
    renderSection([
      reviewsMock([
        createReview({ id: 1, name: 'amina', image: null }),
        createReview({ id: 2, name: 'Baraka', image: '/uploads/baraka.webp' }),
      ]),
    ]);

    const [amina, baraka] = await screen.findAllByRole('article');
    expect(within(amina!).getByText('A')).toHaveAttribute('aria-hidden', 'true');
    const picture = baraka!.querySelector('img');
    expect(picture).toHaveAttribute('src', '/uploads/baraka.webp');
    expect(picture).toHaveAttribute('width', '48');
    expect(picture).toHaveAttribute('height', '48');
  });

  it("says 'Failed to load reviews' when the request fails", async () => {
    renderSection([reviewsMock([], undefined, { result: undefined, error: new Error('offline') })]);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load reviews');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // Writing a review still works when the list does not.
    expect(screen.getByRole('button', { name: 'Write a review' })).toBeEnabled();
  });

  it('invites the first review when there are none, without an average', async () => {
    renderSection([reviewsMock([], { count: 0, averageRating: null })]);

    expect(await screen.findByText('No reviews yet. Be the first to share your thoughts.')).toBeInTheDocument();
    expect(screen.queryByText(/out of 5/)).not.toBeInTheDocument();
  });
});
