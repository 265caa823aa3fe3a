import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { AddToCartButton } from '../features/catalog/components/add-to-cart-button';
import type { AddToCartMutation } from '../shared/cart/cart.generated';
import {
  addToCartMock,
  cartBadgeMock,
  createCart,
  createCartLine,
  miniCartTermsMock,
} from '../shared/cart/testing/cart-mocks';
import { createViewer, viewerMock } from '../shared/session/testing/viewer-mocks';
import { clearPendingAddToCart, readPendingAddToCart, savePendingAddToCart } from '../shared/cart/pending-add-to-cart';
import { createCache } from './apollo-client';
import { CustomerLayout } from './customer-layout';

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <output aria-label="Location">{`${location.pathname}${location.search}`}</output>
      <output aria-label="Location state">{JSON.stringify(location.state)}</output>
    </>
  );
}

// The real storefront layout (header badge, toasts, the AddToCartProvider) around a catalog button that is
// given no handler: it must find the shop's through the context.
function Shop() {
  return useRoutes([
    {
      element: <CustomerLayout />,
      children: [
        {
          path: '/category/:category',
          element: (
            <>
              <AddToCartButton productId={42} inStock />
              <Link to="/new-arrivals">New arrivals</Link>
            </>
          ),
        },
        { path: '/new-arrivals', element: <h1>New arrivals</h1> },
        { path: '/account', element: <h1>Login</h1> },
      ],
    },
  ]);
}

function renderShop(mocks: MockLink.MockedResponse[], at = '/category/for-women?sort=price_asc') {
  render(
    <MockedProvider mocks={mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={[at]}>
        <Shop />
        <LocationProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
  return {
    location: () => screen.getByRole('status', { name: 'Location' }).textContent,
    state: () => JSON.parse(screen.getByRole('status', { name: 'Location state' }).textContent ?? 'null') as unknown,
  };
}

const header = () => screen.getByRole('banner');

describe('Add to Cart', () => {
  it('adds for a signed-in shopper and the badge follows the mutation result, with no refetch', async () => {
    const user = userEvent.setup();
    const existing = createCartLine({ quantity: 2 });
    const added = createCartLine({ product: { id: 42 } });
    // One badge answer only: a refetch of the cart would find no mock and leave the badge at 2.
    renderShop([
      viewerMock(createViewer()),
      cartBadgeMock(2),
      addToCartMock(42, { cart: createCart([existing, added]) }),
      miniCartTermsMock(),
    ]);

    expect(await within(header()).findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(await within(header()).findByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // What follows an add is the mini-cart drawer (mini-cart.test.tsx), not a toast.
    expect(await screen.findByRole('dialog', { name: 'Added to cart' })).toBeInTheDocument();
    expect(document.querySelector('.toast')).not.toBeInTheDocument();
  });

  it('adds for a signed-in shopper who clicks before `me` has answered, instead of sending them to log in', async () => {
    const user = userEvent.setup();
    const added = createCartLine({ product: { id: 42 } });
    const addition = addToCartMock(42, { cart: createCart([added]) });
    const added1 = jest.fn(() => addition.result as { data: AddToCartMutation });
    // `me` answers only after the click, as on a slow first load; the badge then reads the server's 1.
    renderShop([
      viewerMock(createViewer(), { delay: 300 }),
      // The badge's own read, and the one more read made after an add before `me` answered.
      cartBadgeMock(1, '7', { maxUsageCount: 3 }),
      { ...addition, result: added1 },
      miniCartTermsMock(),
    ]);

    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    await waitFor(() => expect(added1).toHaveBeenCalledTimes(1));
    expect(await within(header()).findByRole('link', { name: 'Cart, 1 item' })).toHaveTextContent('1');
    expect(screen.queryByText('Please log in to add items to your cart')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/category/for-women');
  });

  it('keeps the added count when the badge read the cart before the add was saved and answered after it', async () => {
    const user = userEvent.setup();
    const added = createCartLine({ product: { id: 42 } });
    renderShop([
      viewerMock(createViewer(), { delay: 50 }),
      // The badge's first answer was read before the add was saved, and it is the last to arrive.
      cartBadgeMock(0, '7', { delay: 400 }),
      { ...addToCartMock(42, { cart: createCart([added]) }), delay: 150 },
      cartBadgeMock(1),
      miniCartTermsMock(),
    ]);

    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(await within(header()).findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    // Past the stale answer's arrival.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(within(header()).getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('keeps the added count when a signed-in shopper adds while the badge is still reading the cart', async () => {
    const user = userEvent.setup();
    const added = createCartLine({ product: { id: 42 } });
    renderShop([
      viewerMock(createViewer()),
      // `me` has answered; the badge's read, made before the add was saved, is slow and lands after the add.
      cartBadgeMock(0, '7', { delay: 1500 }),
      { ...addToCartMock(42, { cart: createCart([added]) }), delay: 50 },
      cartBadgeMock(1),
      miniCartTermsMock(),
    ]);
    await screen.findByRole('button', { name: 'Log out' });

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(await within(header()).findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    // Past the stale answer's arrival.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1700)));
    expect(within(header()).getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it("shows the server's reason as a toast when the product cannot be added", async () => {
    const user = userEvent.setup();
    renderShop([
      viewerMock(createViewer()),
      cartBadgeMock(0),
      addToCartMock(42, {
        errors: [{ field: 'quantity', code: 'OUT_OF_STOCK', message: 'Only 1 of Oud Royale left in stock.' }],
      }),
      miniCartTermsMock(),
    ]);

    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 of Oud Royale left in stock.');
    expect(within(header()).getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
  });

  describe('the add that sent a guest to sign in', () => {
    afterEach(() => clearPendingAddToCart());

    it('is made once the shopper, now signed in, is back on its page, and only once', async () => {
      savePendingAddToCart({ productId: 42, quantity: 3, variantId: 7, from: '/category/for-women?sort=price_asc' });
      const addition = addToCartMock(
        42,
        { cart: createCart([createCartLine({ product: { id: 42 }, quantity: 3 })]) },
        {
          quantity: 3,
          variantId: 7,
        },
      );
      const added = jest.fn(() => addition.result as { data: AddToCartMutation });
      renderShop([
        viewerMock(createViewer()),
        // The badge's read may be in flight when the add is made: it reads again after it (use-add-to-cart.ts).
        cartBadgeMock(0, '7', { maxUsageCount: 3 }),
        { ...addition, result: added, maxUsageCount: 2 },
        miniCartTermsMock(),
      ]);

      expect(await screen.findByRole('dialog', { name: 'Added to cart' })).toBeInTheDocument();
      expect(added).toHaveBeenCalledTimes(1);
      expect(readPendingAddToCart()).toBeNull();
      fireEvent.click(screen.getByRole('link', { name: 'New arrivals' }));
      await screen.findByRole('heading', { name: 'New arrivals' });
      expect(added).toHaveBeenCalledTimes(1);
    });

    it('waits while the shopper is on another page', async () => {
      savePendingAddToCart({ productId: 42, quantity: 1, from: '/product/42' });
      renderShop([viewerMock(createViewer()), cartBadgeMock(0)]);
      await within(header()).findByRole('link', { name: 'Cart' });
      expect(readPendingAddToCart()).toMatchObject({ productId: 42 });
    });
  });

  describe('signed out', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    afterEach(() => clearPendingAddToCart());

    it('drops the redirect when the visitor has moved on, and a second click queues nothing more', async () => {
      const { location } = renderShop([viewerMock(null)]);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      for (let click = 0; click < 2; click += 1) {
        fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
        await act(async () => {
          await jest.advanceTimersByTimeAsync(50);
        });
      }
      expect(screen.getAllByText('Please log in to add items to your cart')).toHaveLength(1);
      fireEvent.click(screen.getByRole('link', { name: 'New arrivals' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2500);
      });
      expect(location()).toBe('/new-arrivals');
      // Nothing is kept for a redirect that did not happen.
      expect(readPendingAddToCart()).toBeNull();
    });

    it('asks the visitor to log in, then after 2 s sends them to /account with where they were', async () => {
      const { location, state } = renderShop([viewerMock(null)]);
      // Let `me` answer (signed out).
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });

      fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
      await act(async () => {
        await Promise.resolve();
      });

      expect(screen.getByText('Please log in to add items to your cart').closest('[role="status"]')).toHaveClass(
        'toast',
      );
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1900);
      });
      expect(location()).toBe('/category/for-women?sort=price_asc');

      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(location()).toBe('/account');
      expect(state()).toEqual({ from: '/category/for-women?sort=price_asc' });
      // Kept for after the sign-in (issue 26): what was pressed, and where.
      expect(readPendingAddToCart()).toMatchObject({
        productId: 42,
        quantity: 1,
        from: '/category/for-women?sort=price_asc',
      });
      expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
      // SPEC §8: the notice stays 3 s in all, so it is still up on the login screen for a moment.
      expect(screen.getByText('Please log in to add items to your cart')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(screen.queryByText('Please log in to add items to your cart')).not.toBeInTheDocument();
    });
  });
});
