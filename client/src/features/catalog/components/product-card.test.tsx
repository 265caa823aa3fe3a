import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AddToCartContext } from '../../../shared/cart/add-to-cart-handler';
import type { AddToCart } from '../../../shared/cart/use-add-to-cart';
import { createImage, createProduct, deferred } from '../testing/factories';
import { ProductCard, type ProductCardProps } from './product-card';

// The card's button takes its handler from the context the storefront's AddToCartProvider fills.
function renderCard({ onAddToCart, ...props }: ProductCardProps & { onAddToCart?: AddToCart }) {
  return render(
    <MemoryRouter>
      <AddToCartContext.Provider value={onAddToCart}>
        <ProductCard {...props} />
      </AddToCartContext.Provider>
    </MemoryRouter>,
  );
}

describe('ProductCard', () => {
  it('shows the image with its srcSet, name, category, Ksh price and a link to the product', () => {
    renderCard({
      product: createProduct({
        id: 7,
        name: 'Oud Royale',
        category: 'FOR MEN',
        priceCents: 123400,
        images: [createImage({ id: 'oud', url: '/uploads/oud-640.webp', width: 640, height: 800 })],
      }),
    });

    const card = screen.getByRole('article', { name: 'Oud Royale' });
    expect(within(card).getByText('FOR MEN')).toBeInTheDocument();
    expect(within(card).getByText('Ksh 1,234.00')).toBeInTheDocument();
    expect(within(card).queryByText(/Save/)).not.toBeInTheDocument();
    expect(within(card).queryByText('On Sale!')).not.toBeInTheDocument();
    const image = within(card).getByRole('img', { name: 'Oud Royale' });
    expect(image).toHaveAttribute('src', '/uploads/oud-640.webp');
    expect(image).toHaveAttribute('srcset', '/uploads/oud-320.webp 320w, /uploads/oud-640.webp 640w');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '800');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/product/7');
  });

  it("says 'from' the cheapest size's price when the sizes differ in price, with no saving of the default's", () => {
    renderCard({
      product: createProduct({
        name: 'Amber Dusk',
        // The default size, Ksh 12,000 marked down to 9,500; a 5 ml decant at Ksh 900.
        priceCents: 1_200_000,
        salePriceCents: 950_000,
        onSale: true,
        fromPriceCents: 90_000,
        pricesDiffer: true,
      }),
    });

    const card = screen.getByRole('article', { name: 'Amber Dusk' });
    expect(card.querySelector('.product-price__amounts')).toHaveTextContent(/^from Ksh 900\.00$/);
    expect(within(card).queryByText(/Save/)).not.toBeInTheDocument();
    expect(within(card).queryByText('Ksh 12,000.00')).not.toBeInTheDocument();
  });

  it("shows today's price, not 'from', when every size costs the same", () => {
    renderCard({
      product: createProduct({ name: 'Cedar', priceCents: 420_000, fromPriceCents: 420_000, pricesDiffer: false }),
    });
    const card = screen.getByRole('article', { name: 'Cedar' });
    expect(card.querySelector('.product-price__amounts')).toHaveTextContent(/^Ksh 4,200\.00$/);
  });

  it('loads a priority image eagerly', () => {
    renderCard({ product: createProduct({ name: 'Amber' }), priority: true });
    expect(screen.getByRole('img', { name: 'Amber' })).toHaveAttribute('loading', 'eager');
  });

  it('strikes through the regular price of a sale and shows the saving in exact cents', () => {
    renderCard({
      product: createProduct({ name: 'Amber Mist', onSale: true, priceCents: 300000, salePriceCents: 250050 }),
    });

    const card = screen.getByRole('article', { name: 'Amber Mist' });
    expect(within(card).getByText('On Sale!')).toBeInTheDocument();
    const regular = within(card).getByText('Ksh 3,000.00');
    expect(regular.tagName).toBe('S');
    // What a screen reader reads: the struck-through price is said to be the old one in words.
    expect(regular).not.toHaveAttribute('aria-label');
    expect(regular.parentElement).toHaveTextContent(/^Was Ksh 3,000\.00 Now Ksh 2,500\.50$/);
    expect(within(card).getByText('Ksh 2,500.50').tagName).toBe('STRONG');
    // 3000.00 − 2500.50 in floating point is 499.4999…; integer cents keep it exact.
    expect(within(card).getByText('Save Ksh 499.50')).toBeInTheDocument();
  });

  it('disables Add to Cart as Out of Stock when the product is out of stock', async () => {
    const onAddToCart = jest.fn(() => Promise.resolve());
    renderCard({ product: createProduct({ name: 'Musk', inStock: false }), onAddToCart });

    const button = screen.getByRole('button', { name: 'Out of Stock' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onAddToCart).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it('links to the product page to choose another size when only the default size is sold out', () => {
    renderCard({ product: createProduct({ id: 9, name: 'Oud Malindi', inStock: false, anySizeInStock: true }) });

    const card = screen.getByRole('article', { name: 'Oud Malindi' });
    expect(within(card).getByRole('link', { name: 'Choose a Size' })).toHaveAttribute('href', '/product/9');
    expect(within(card).queryByRole('button', { name: 'Out of Stock' })).not.toBeInTheDocument();
  });

  it("shows 'Adding...' and stays disabled while the add is pending", async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onAddToCart = jest.fn(() => pending.promise);
    renderCard({ product: createProduct({ id: 42, name: 'Neroli' }), onAddToCart });

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(onAddToCart).toHaveBeenCalledWith(42);
    const adding = screen.getByRole('button', { name: 'Adding...' });
    expect(adding).toBeDisabled();
    await user.click(adding);
    expect(onAddToCart).toHaveBeenCalledTimes(1);

    await act(async () => pending.resolve());
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('becomes usable again when the add fails', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    renderCard({ product: createProduct({ name: 'Vetiver' }), onAddToCart: () => pending.promise });

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await act(async () => pending.reject(new Error('Please log in')));

    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('still shows an enabled Add to Cart button without a handler', () => {
    renderCard({ product: createProduct({ name: 'Cedar' }) });
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it("overlays '+N' for the images beyond the first", () => {
    const { unmount } = renderCard({
      product: createProduct({ name: 'Trio', images: [createImage(), createImage(), createImage()] }),
    });
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /open image gallery of trio \(3 images\)/i })).toBeInTheDocument();
    unmount();

    renderCard({ product: createProduct({ name: 'Solo', images: [createImage()] }) });
    expect(screen.queryByText(/^\+\d+$/)).not.toBeInTheDocument();
  });

  it("shows the local 'No Image' placeholder when the product has no image", () => {
    renderCard({ product: createProduct({ name: 'Jasmine Night', images: [] }) });

    const placeholder = screen.getByRole('img', { name: 'Jasmine Night: No Image' });
    expect(placeholder.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(placeholder.getAttribute('src') ?? '')).toContain('No Image');
    expect(placeholder).toHaveAttribute('width', '100');
    expect(placeholder).toHaveAttribute('height', '100');
    // Nothing to open.
    expect(screen.queryByRole('button', { name: /open image/i })).not.toBeInTheDocument();
  });
});
