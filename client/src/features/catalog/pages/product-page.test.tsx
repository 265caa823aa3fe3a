import { createDeliveryTerms } from '../../../shared/delivery/testing/delivery-terms';
import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductPageDocument, type ProductPageQuery } from '../api/product-page.generated';
import { shopContact } from '../../../shared/shop-contact';
import {
  createImage,
  createProduct,
  createProductDetails,
  createSize,
  deferred,
  type ProductDetails,
} from '../testing/factories';
import { renderWithProviders } from '../testing/render';
import { ProductPage } from './product-page';

function productMock(
  id: number,
  product: ProductDetails | null,
  relatedProducts: ProductPageQuery['relatedProducts'] = [],
): MockedResponse<ProductPageQuery> {
  return {
    request: { query: ProductPageDocument, variables: { id } },
    result: { data: { product, relatedProducts, ...createDeliveryTerms() } },
  };
}

function renderProduct(
  route: string,
  mocks: MockedResponse[],
  onAddToCart?: (id: number, quantity?: number, variantId?: number) => Promise<void>,
) {
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
    // The stored locations and threshold, written as the cart writes them; no promise the shop does not store.
    expect(
      within(shipping!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Free delivery on orders of Ksh 10,000 or more.',
      'CBD collection point at a mall: Ksh 120.00 · 1-3 business days',
      'Outside Nairobi: Ksh 550.00 · 3-5 business days',
      '100% authentic products',
    ]);

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
    // Its one size, the default.
    expect(onAddToCart).toHaveBeenCalledWith(5, 1, oud.variants[0]!.id);
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    pending.resolve();
    expect(await screen.findByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });

  it('says a product ships free when the server says it does', async () => {
    const amber = createProductDetails({ id: 8, name: 'Amber', priceCents: 1_000_000, shipsFree: true });
    renderProduct('/product/8', [productMock(8, amber)]);

    const shipping = (await screen.findByText('Shipping information')).closest('details');
    expect(within(shipping!).getAllByRole('listitem')[0]).toHaveTextContent(
      'This item ships free. Free delivery on orders of Ksh 10,000 or more.',
    );
  });

  it('promises free delivery only on the server’s word, not from the price', async () => {
    // At the threshold but, as the server answers, not free (say the rule changed): the page does not judge it.
    const amber = createProductDetails({ id: 8, name: 'Amber', priceCents: 1_000_000, shipsFree: false });
    renderProduct('/product/8', [productMock(8, amber)]);

    const shipping = (await screen.findByText('Shipping information')).closest('details');
    expect(within(shipping!).getAllByRole('listitem')[0]).toHaveTextContent(
      /^Free delivery on orders of Ksh 10,000 or more\.$/,
    );
  });

  it('shows breadcrumbs: Home, the first category, the product as the current page', async () => {
    renderProduct('/product/5', [productMock(5, oud)]);

    const breadcrumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const links = within(breadcrumbs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['For Women', '/category/for-women'],
      ['Oud Royale', '/product/5'],
    ]);
    expect(links[2]).toHaveAttribute('aria-current', 'page');
    expect(links.slice(0, 2).filter((link) => link.hasAttribute('aria-current'))).toEqual([]);
  });

  it('adds the quantity chosen, from 1 up to the stock', async () => {
    const user = userEvent.setup();
    const onAddToCart = jest.fn(() => Promise.resolve());
    const vetiver = createProductDetails({ id: 9, name: 'Vetiver', quantity: 3 });
    renderProduct('/product/9', [productMock(9, vetiver)], onAddToCart);

    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    expect(quantity).toHaveValue(1);
    expect(quantity).toHaveAttribute('max', '3');
    expect(decrease).toBeDisabled();

    await user.click(increase);
    await user.click(increase);
    expect(quantity).toHaveValue(3);
    expect(increase).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '50');
    await user.tab();
    expect(quantity).toHaveValue(3);

    await user.click(decrease);
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(onAddToCart).toHaveBeenCalledWith(9, 2, vetiver.variants[0]!.id);
  });

  it('caps the quantity at 99 however much is in stock', async () => {
    renderProduct('/product/10', [productMock(10, createProductDetails({ id: 10, quantity: 5000 }))]);
    expect(await screen.findByRole('spinbutton', { name: 'Quantity' })).toHaveAttribute('max', '99');
  });

  it("shows 'You may also like' with the server's related products, and nothing without any", async () => {
    const related = [createProduct({ id: 21, name: 'Rose Oud' }), createProduct({ id: 22, name: 'Saffron Night' })];
    const { unmount } = renderProduct('/product/5', [productMock(5, oud, related)]);

    const section = await screen.findByRole('region', { name: 'You may also like' });
    expect(
      within(section)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Rose Oud', 'Saffron Night']);
    unmount();

    renderProduct('/product/5', [productMock(5, oud)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oud Royale' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'You may also like' })).not.toBeInTheDocument();
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

  it("links 'Ask on WhatsApp' to the shop's number with the product and its page typed in", async () => {
    renderProduct('/product/5', [productMock(5, oud)]);

    const link = await screen.findByRole('link', { name: 'Ask on WhatsApp' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(shopContact.chatHref);
    expect(href.searchParams.get('text')).toBe(
      'Hello Manukato, I have a question about Oud Royale: http://localhost/product/5',
    );
    expect(link).toHaveAttribute('rel', 'noreferrer');
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

  describe('sizes', () => {
    // Ksh 12,000 marked down to 9,500 (the default), Ksh 7,000 with 3 left, a decant sold out with its own image.
    const bottle = createSize({
      id: 41,
      label: '100 ml · Eau de Parfum',
      priceCents: 1_200_000,
      salePriceCents: 950_000,
      onSale: true,
      quantity: 20,
    });
    const half = createSize({ id: 42, label: '50 ml · Eau de Parfum', priceCents: 700_000, quantity: 3 });
    const decant = createSize({
      id: 43,
      label: '5 ml decant · Eau de Parfum',
      priceCents: 90_000,
      quantity: 0,
      imageIds: [703],
    });
    const amber = createProductDetails({
      id: 11,
      name: 'Amber Dusk',
      priceCents: 1_200_000,
      salePriceCents: 950_000,
      onSale: true,
      effectivePriceCents: 950_000,
      quantity: 20,
      images: [createImage({ id: '701' }), createImage({ id: '702' }), createImage({ id: '703' })],
      variants: [bottle, half, decant],
    });

    function mainImage() {
      return within(screen.getByRole('button', { name: 'View Amber Dusk full screen' })).getByRole('img');
    }

    it('offers each size as a radio with its price and stock, the default chosen', async () => {
      renderProduct('/product/11', [productMock(11, amber)]);

      const group = await screen.findByRole('group', { name: 'Size' });
      expect(within(group).getAllByRole('radio')).toEqual([
        screen.getByRole('radio', { name: '100 ml · Eau de Parfum', checked: true }),
        screen.getByRole('radio', { name: '50 ml · Eau de Parfum', checked: false }),
        screen.getByRole('radio', { name: '5 ml decant · Eau de Parfum', checked: false }),
      ]);
      expect(screen.getByRole('radio', { name: '100 ml · Eau de Parfum' })).toHaveAccessibleDescription(
        'Was Ksh 12,000.00 Now Ksh 9,500.00',
      );
      expect(screen.getByRole('radio', { name: '50 ml · Eau de Parfum' })).toHaveAccessibleDescription(
        'Ksh 7,000.00 , Only 3 left',
      );
      expect(screen.getByRole('radio', { name: '5 ml decant · Eau de Parfum' })).toHaveAccessibleDescription(
        'Ksh 900.00 , Sold out',
      );
      // The page's price is the default size's, with its saving.
      expect(screen.getByText('Save Ksh 2,500.00')).toBeInTheDocument();
      expect(screen.getByText('IN STOCK')).toBeInTheDocument();
    });

    it('choosing a size shows its price, stock and image, keeps it in the URL (replacing), and adds it', async () => {
      const user = userEvent.setup();
      const onAddToCart = jest.fn(() => Promise.resolve());
      const { location } = renderProduct('/product/11', [productMock(11, amber)], onAddToCart);

      // Arrow keys move the choice, as in any radio group.
      await user.click(await screen.findByRole('radio', { name: '100 ml · Eau de Parfum' }));
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(location.current()).toBe('/product/11?size=43');
      await user.keyboard('{ArrowLeft}');
      expect(screen.getByRole('radio', { name: '50 ml · Eau de Parfum' })).toHaveFocus();
      expect(location.current()).toBe('/product/11?size=42');
      // Replaced, not pushed: Back leaves the page rather than stepping through the sizes tried (here, the
      // page is the first entry, so Back has nowhere to go).
      await user.click(screen.getByRole('button', { name: 'Browser back' }));
      expect(location.current()).toBe('/product/11?size=42');
      const price = document.querySelector('.product-price--large')!;
      expect(price).toHaveTextContent('Ksh 7,000.00');
      expect(price).not.toHaveTextContent('Ksh 12,000.00');
      expect(screen.queryByText(/^Save /)).not.toBeInTheDocument();
      expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveAttribute('max', '3');

      await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
      expect(onAddToCart).toHaveBeenCalledWith(11, 1, 42);

      await user.click(screen.getByRole('radio', { name: '100 ml · Eau de Parfum' }));
      expect(location.current()).toBe('/product/11?size=41');
      expect(screen.getByText('Save Ksh 2,500.00')).toBeInTheDocument();
      expect(mainImage()).toHaveAccessibleName('Amber Dusk, image 1 of 3');
    });

    it('shows a sold-out size with its own image, but does not add it', async () => {
      const user = userEvent.setup();
      const onAddToCart = jest.fn(() => Promise.resolve());
      renderProduct('/product/11', [productMock(11, amber)], onAddToCart);

      await user.click(await screen.findByRole('radio', { name: '5 ml decant · Eau de Parfum' }));
      expect(document.querySelector('.product-price--large')).toHaveTextContent('Ksh 900.00');
      expect(screen.getByText('OUT OF STOCK')).toBeInTheDocument();
      expect(mainImage()).toHaveAccessibleName('Amber Dusk, image 3 of 3');
      expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
      const add = screen.getByRole('button', { name: 'Out of Stock' });
      expect(add).toBeDisabled();
      await user.click(add);
      expect(onAddToCart).not.toHaveBeenCalled();
    });

    it('opens on the size the URL names', async () => {
      renderProduct('/product/11?size=43', [productMock(11, amber)]);

      expect(await screen.findByRole('radio', { name: '5 ml decant · Eau de Parfum' })).toBeChecked();
      expect(document.querySelector('.product-price--large')).toHaveTextContent('Ksh 900.00');
      expect(mainImage()).toHaveAccessibleName('Amber Dusk, image 3 of 3');
    });

    it.each(['/product/11?size=999', '/product/11?size=abc', '/product/11?size='])(
      '%s: an unknown size falls back to the default',
      async (route) => {
        const onAddToCart = jest.fn(() => Promise.resolve());
        const user = userEvent.setup();
        renderProduct(route, [productMock(11, amber)], onAddToCart);

        expect(await screen.findByRole('radio', { name: '100 ml · Eau de Parfum' })).toBeChecked();
        expect(document.querySelector('.product-price--large')).toHaveTextContent('Ksh 9,500.00');
        await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
        expect(onAddToCart).toHaveBeenCalledWith(11, 1, 41);
      },
    );

    it('shows no selector for a product in one size', async () => {
      renderProduct('/product/5', [productMock(5, oud)]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Oud Royale' })).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    });
  });
});
