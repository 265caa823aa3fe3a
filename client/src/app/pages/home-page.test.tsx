import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CategoryCarouselDocument } from '../../features/catalog/api/category-carousel.generated';
import { NewArrivalsSectionDocument } from '../../features/catalog/api/new-arrivals-section.generated';
import { ToastProvider } from '../../shared/ui/toast';
import { createReview, reviewsMock } from '../../features/reviews/testing/review-mocks';
import { HomePage } from './home-page';

const mocks: MockLink.MockedResponse[] = [
  { request: { query: CategoryCarouselDocument }, result: { data: { categories: [] } } },
  { request: { query: NewArrivalsSectionDocument, variables: { limit: 6 } }, result: { data: { newArrivals: [] } } },
  reviewsMock([createReview({ title: 'Smells divine' })]),
];

function renderHome() {
  const user = userEvent.setup();
  const { container } = render(
    <MockedProvider mocks={mocks}>
      <ToastProvider>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </ToastProvider>
    </MockedProvider>,
  );
  return { user, container };
}

describe('HomePage', () => {
  it('composes the hero, new arrivals, About and reviews sections in the spec order', async () => {
    renderHome();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manukato');
    expect(document.title).toBe('Perfumes, fragrances and room sprays in Kenya | Manukato');
    expect(await screen.findByRole('heading', { name: 'Smells divine' })).toBeInTheDocument();

    const order = ['Featured collections', 'New Arrivals', 'About Manukato', 'Customer Reviews'].map((name) =>
      screen.getByRole('region', { name }),
    );
    for (let index = 1; index < order.length; index += 1) {
      expect(order[index - 1]!.compareDocumentPosition(order[index]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('shows the logo and loads no video until the visitor presses play', async () => {
    const { user, container } = renderHome();
    const about = screen.getByRole('region', { name: 'About Manukato' });

    const logo = within(about).getByRole('img', { name: 'Manukato logo' });
    expect(logo).toHaveAttribute('width');
    expect(logo).toHaveAttribute('height');
    expect(container.querySelector('video, iframe, source')).toBeNull();

    await user.click(within(about).getByRole('button', { name: /Play video/ }));

    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveFocus();
    expect(video!.querySelector('source')?.getAttribute('src')).toMatch(/^\/media\//);
    expect(within(about).queryByRole('button', { name: /Play video/ })).not.toBeInTheDocument();
  });
});
