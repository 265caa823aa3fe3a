import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductPageDocument, type ProductPageQuery } from '../api/product-page.generated';
import { shopContact } from '../../../shared/shop-contact';
import { createImage, createProductDetails, deferred, type ProductDetails } from '../testing/factories';
import { renderWithProviders } from '../testing/render';
import { ProductPage } from './product-page';

function productMock(id: number, product: ProductDetails | null): MockedResponse<ProductPageQuery> {
  return { request: { query: ProductPageDocument, variables: { id } }, result: { data: { product } } };
}

function renderProduct(route: string, mocks: MockedResponse[], onAddToCart?: (id: number) => Promise<void>) {
  return renderWithProviders(<ProductPage />, { route, path: '/product/:id', mocks, addToCart: onAddToCart });
}

const oud = createProductDetails({
  id: 5,
  name: 'Oud Royale',
  description: 'Smoky oud with rose and saffron.',
  priceCents: 1200000,
  onSale: true,
  salePriceCents: 990000,
  effectivePriceCents: 990000,
  images: [createImage({ id: 'oud-1' }), createImage({ id: 'oud-2' })],
});

describe('ProductPage', () => {
  const originalShare = Object.getOwnPropertyDescriptor(navigator, 'share');
  const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  afterEach(() => {
    for (const [key, descriptor] of [
      ['share', originalShare],
      ['clipboard', originalClipboard],
    ] as const) {
      if (descriptor) Object.defineProperty(navigator, key, descriptor);
      else Reflect.deleteProperty(navigator, key);
    }
  });

  it('shows the product: name, price with tax note, stock, description, shipping information', async () => {
    renderProduct('/product/5', [productMock(5, oud)]);

    expect(screen.getByRole('status')).toHaveTextContent('Loading product');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oud Royale' })).toBeInTheDocument();
    expect(screen.getByText('Ksh 12,000.00').tagName).toBe('S');
    expect(screen.getByText('Ksh 9,900.00')).toBeInTheDocument();
    expect(screen.getByText('Save Ksh 2,100.00')).toBeInTheDocument();
    expect(screen.getByText('Tax included')).toBeInTheDocument();
    expect(screen.getByText('IN STOCK')).toBeInTheDocument();
    expect(screen.getByText('Smoky oud with rose and saffron.')).toBeInTheDocument();

    const shipping = screen.getByText('Shipping information').closest('details');
    expect(shipping).not.toHaveAttribute('open');
    expect(within(shipping!).getByText('Free delivery within Nairobi CBD')).toBeInTheDocument();
    expect(within(shipping!).getByText('Delivery in 1-3 business days across Kenya')).toBeInTheDocument();
    expect(within(shipping!).getByText('Express shipping available')).toBeInTheDocument();
    expect(within(shipping!).getByText('100% authentic products')).toBeInTheDocument();

    expect(document.title).toBe('Oud Royale | Manukato');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Smoky oud with rose and saffron.',
    );
  });

  it('adds to the cart, showing Adding... while the handler runs', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onAddToCart = jest.fn(() => pending.promise);
    renderProduct('/product/5', [productMock(5, oud)], onAddToCart);

    await user.click(await screen.findByRole('button', { name: 'ADD TO CART' }));
    expect(onAddToCart).toHaveBeenCalledWith(5);
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    pending.resolve();
    expect(await screen.findByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });

  it('shows OUT OF STOCK and disables adding when out of stock', async () => {
    renderProduct('/product/6', [productMock(6, createProductDetails({ id: 6, name: 'Musk', inStock: false }))]);

    expect(await screen.findByText('OUT OF STOCK')).toBeInTheDocument();
    expect(screen.queryByText('IN STOCK')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('switches images with thumbnails and opens the full-screen viewer on the image shown', async () => {
    const user = userEvent.setup();
    renderProduct('/product/5', [productMock(5, oud)]);

    const main = await screen.findByRole('button', { name: 'View Oud Royale full screen' });
    expect(within(main).getByRole('img')).toHaveAccessibleName('Oud Royale, image 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(within(main).getByRole('img')).toHaveAccessibleName('Oud Royale, image 2 of 2');
    expect(within(main).getByRole('img')).toHaveAttribute('loading', 'eager');

    await user.click(main);
    const viewer = screen.getByRole('dialog', { name: 'Oud Royale image gallery' });
    expect(within(viewer).getByText('Image 2 of 2')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Escape}');
    expect(within(main).getByRole('img')).toHaveAccessibleName('Oud Royale, image 1 of 2');
    expect(main).toHaveFocus();
  });

  it("shows the 'No Image' placeholder for a product without images", async () => {
    renderProduct('/product/7', [productMock(7, createProductDetails({ id: 7, name: 'Plain', images: [] }))]);
    expect(await screen.findByRole('img', { name: 'Plain: No Image' })).toBeInTheDocument();
  });

  it('shares with the native share sheet when there is one', async () => {
    const user = userEvent.setup();
    const share = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderProduct('/product/5', [productMock(5, oud)]);

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Oud Royale', url: 'http://localhost/product/5' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('otherwise shows the link in a dialog with a copy button', async () => {
    const user = userEvent.setup();
    Reflect.deleteProperty(navigator, 'share');
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderProduct('/product/5', [productMock(5, oud)]);

    const shareButton = await screen.findByRole('button', { name: 'Share' });
    await user.click(shareButton);
    const dialog = screen.getByRole('dialog', { name: 'Share this product' });
    expect(within(dialog).getByRole('textbox', { name: 'Link to this product' })).toHaveValue(
      'http://localhost/product/5',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/product/5');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Link copied.');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shareButton).toHaveFocus();
  });

  it("links 'Send email' to the shop's address with the product named in subject and body", async () => {
    renderProduct('/product/5', [productMock(5, oud)]);

    const link = await screen.findByRole('link', { name: 'Send email' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe(shopContact.email);
    expect(href.searchParams.get('subject')).toBe('Inquiry about Oud Royale');
    expect(href.searchParams.get('body')).toContain('Oud Royale');
    expect(href.searchParams.get('body')).toContain('http://localhost/product/5');
  });

  it("says 'Product not found' with a way home for an unknown id", async () => {
    renderProduct('/product/999', [productMock(999, null)]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it("says 'Product not found' for an id that is not a number, without asking the server", () => {
    renderProduct('/product/abc', []);
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
  });
});
