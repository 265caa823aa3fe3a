import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoryCarouselDocument, type CategoryCarouselQuery } from '../api/category-carousel.generated';
import { renderWithProviders } from '../testing/render';
import { CategoryCarousel } from './category-carousel';

type ServerCategory = CategoryCarouselQuery['categories'][number];

function category(id: number, slug: string, name: string, imageUrl: string | null = null): ServerCategory {
  const imageSrcSet = imageUrl ? `${imageUrl.replace('.webp', '-320.webp')} 320w, ${imageUrl} 1280w` : null;
  return { __typename: 'Category', id, slug, name, description: `${name} from the server`, imageUrl, imageSrcSet };
}

const categoriesMock: MockedResponse<CategoryCarouselQuery> = {
  request: { query: CategoryCarouselDocument },
  result: {
    data: {
      categories: [
        category(1, 'for-men', 'FOR MEN', '/uploads/category-men.webp'),
        category(2, 'for-women', 'FOR WOMEN', '/uploads/category-women.webp'),
        category(3, 'for-children', 'FOR CHILDREN'),
        category(4, 'room-sprays', 'ROOM SPRAYS'),
        category(5, 'unisex', 'UNISEX'),
        category(6, 'gift-sets', 'GIFT SETS'),
      ],
    },
  },
};

function cards() {
  return within(screen.getByRole('region', { name: 'Shop by Category' })).getAllByRole('link');
}

describe('CategoryCarousel', () => {
  const originalScrollBy = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollBy');
  afterEach(() => {
    if (originalScrollBy) Object.defineProperty(HTMLElement.prototype, 'scrollBy', originalScrollBy);
    else Reflect.deleteProperty(HTMLElement.prototype, 'scrollBy');
  });

  it("shows five category cards linking to the header's category paths, at once", () => {
    renderWithProviders(<CategoryCarousel />, { mocks: [categoriesMock] });

    expect(cards().map((link) => link.getAttribute('href'))).toEqual([
      '/category/for-women',
      '/category/for-men',
      '/category/kids',
      '/category/room',
      '/category/unisex',
    ]);
    expect(within(cards()[2]!).getByRole('heading', { name: 'Kids' })).toBeInTheDocument();
  });

  it("takes names, descriptions and images from the server's categories", async () => {
    renderWithProviders(<CategoryCarousel />, { mocks: [categoriesMock] });

    const kids = await screen.findByRole('link', { name: /FOR CHILDREN/ });
    expect(kids).toHaveAttribute('href', '/category/kids');
    expect(within(kids).getByText('FOR CHILDREN from the server')).toBeInTheDocument();
    expect(cards()).toHaveLength(5);

    const women = screen.getByRole('link', { name: /FOR WOMEN/ });
    const image = women.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/category-women.webp');
    expect(image).toHaveAttribute(
      'srcset',
      '/uploads/category-women-320.webp 320w, /uploads/category-women.webp 1280w',
    );
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    // Without an image the local placeholder stands in.
    expect(kids.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it('scrolls by 320 px with the left and right buttons', async () => {
    const user = userEvent.setup();
    const scrollBy = jest.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
    renderWithProviders(<CategoryCarousel />, { mocks: [categoriesMock] });

    await user.click(screen.getByRole('button', { name: 'Scroll categories right' }));
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 320 }));
    await user.click(screen.getByRole('button', { name: 'Scroll categories left' }));
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -320 }));
    expect(scrollBy.mock.contexts[0]).toBe(screen.getAllByRole('list')[0]);
  });
});
