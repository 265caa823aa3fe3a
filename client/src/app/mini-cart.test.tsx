import type { ApolloLink } from '@apollo/client/link';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { AddToCartButton } from '../features/catalog/components/add-to-cart-button';
import {
  addToCartMock,
  cartBadgeMock,
  createCart,
  createCartLine,
  miniCartTermsMock,
} from '../shared/cart/testing/cart-mocks';
import { createViewer, viewerMock } from '../shared/session/testing/viewer-mocks';
import { createCache } from './apollo-client';
import { CustomerLayout } from './customer-layout';
import { holdOperation } from '../features/admin/testing/hold-operation';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.hash}`}</output>;
}

// The real storefront layout (header badge, AddToCartProvider and its drawer) around a catalog button.
function Shop() {
  return useRoutes([
    {
      element: <CustomerLayout />,
      children: [
        {
          path: '/product/42',
          element: (
            <>
              <h1>Oud Royale</h1>
              <AddToCartButton productId={42} inStock />
            </>
          ),
        },
        { path: '/cart', element: <h1>Shopping Cart</h1> },
      ],
    },
  ]);
}

/** Ksh 2,500 already in the cart; the add brings one Oud Royale at Ksh 3,450.50. */
const existing = createCartLine({ quantity: 1, unitPriceCents: 250000 });
const oud = createCartLine({ quantity: 1, unitPriceCents: 345050, product: { id: 42, name: 'Oud Royale' } });

function renderShop(mocks: MockLink.MockedResponse[], link?: ApolloLink) {
  const user = userEvent.setup();
  const { container } = render(
    <MockedProvider
      mocks={link ? undefined : mocks}
      link={link}
      cache={createCache()}
      mockLinkDefaultOptions={{ delay: 0 }}
    >
      <MemoryRouter initialEntries={['/product/42']}>
        <Shop />
        <LocationProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
  return { user, page: container, location: () => screen.getByRole('status', { name: 'Location' }).textContent };
}

function shopperMocks(cartAfterAdd = createCart([existing, oud])): MockLink.MockedResponse[] {
  return [viewerMock(createViewer()), cartBadgeMock(1), addToCartMock(42, { cart: cartAfterAdd }), miniCartTermsMock()];
}

async function addOud(user: ReturnType<typeof userEvent.setup>) {
  // Signed in first (the header's logout button), so the add goes to the server.
  await screen.findByRole('button', { name: 'Log out' });
  const button = screen.getByRole('button', { name: 'Add to Cart' });
  await user.click(button);
  return { button, drawer: await screen.findByRole('dialog', { name: 'Added to cart' }) };
}

describe('mini-cart drawer', () => {
  it('opens after an add with the line added, the count and the subtotal from the server, focus inside', async () => {
    const { user, page } = renderShop(shopperMocks());

    const { drawer } = await addOud(user);

    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getByText('Oud Royale')).toBeInTheDocument();
    expect(within(drawer).getByText('Quantity 1 · Ksh 3,450.50')).toBeInTheDocument();
    expect(within(drawer).getByText('In your cart').nextElementSibling).toHaveTextContent('2 items');
    expect(within(drawer).getByText('Subtotal').nextElementSibling).toHaveTextContent('Ksh 5,950.50');
    expect(within(drawer).getByRole('button', { name: 'Close' })).toHaveFocus();
    // The page behind (header, button, main) is inert while the drawer is open; the drawer is not.
    expect(page).toHaveAttribute('inert');
    expect(drawer.closest('[inert]')).toBeNull();
    // The badge behind follows the same answer.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it('says politely what was added, once the drawer is up', async () => {
    const { user } = renderShop(shopperMocks());

    const { drawer } = await addOud(user);

    expect(within(drawer).getByRole('status')).toHaveTextContent(
      'Oud Royale added to your cart. 2 items, subtotal Ksh 5,950.50.',
    );
  });

  it('tells how much more brings free delivery, from the stored threshold', async () => {
    const { user } = renderShop(shopperMocks());

    const { drawer } = await addOud(user);

    // Ksh 10,000 − Ksh 5,950.50.
    const text = await within(drawer).findByText('Add Ksh 4,049.50 more for free delivery.');
    const progress = within(drawer).getByRole('progressbar', { name: 'Add Ksh 4,049.50 more for free delivery.' });
    expect(text).toBeInTheDocument();
    expect(progress).toHaveAttribute('value', '595050');
    expect(progress).toHaveAttribute('max', '1000000');
  });

  it('says delivery is free once the cart reaches the threshold', async () => {
    const big = createCartLine({ quantity: 3, unitPriceCents: 345050, product: { id: 42, name: 'Oud Royale' } });
    const { user } = renderShop(shopperMocks(createCart([existing, big])));

    const { drawer } = await addOud(user);

    expect(await within(drawer).findByText('Free delivery on orders of Ksh 10,000 or more.')).toBeInTheDocument();
    expect(within(drawer).queryByText(/more for free delivery/)).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the Add to Cart button, the page no longer inert', async () => {
    const { user, page } = renderShop(shopperMocks());
    const { button } = await addOud(user);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(page).not.toHaveAttribute('inert');
  });

  it('closes with its close button and gives focus back to the Add to Cart button', async () => {
    const { user } = renderShop(shopperMocks());
    const { button, drawer } = await addOud(user);

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('keeps Tab inside the drawer', async () => {
    const { user } = renderShop(shopperMocks());
    const { drawer } = await addOud(user);
    const close = within(drawer).getByRole('button', { name: 'Close' });

    await user.tab();
    expect(within(drawer).getByRole('link', { name: 'View cart' })).toHaveFocus();
    await user.tab();
    expect(within(drawer).getByRole('link', { name: 'Checkout' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it('goes to the cart with View cart, closing as it goes', async () => {
    const { user, location } = renderShop(shopperMocks());
    const { drawer } = await addOud(user);

    await user.click(within(drawer).getByRole('link', { name: 'View cart' }));

    expect(location()).toBe('/cart');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument();
  });

  it('goes to the cart summary with Checkout', async () => {
    const { user, location } = renderShop(shopperMocks());
    const { drawer } = await addOud(user);

    await user.click(within(drawer).getByRole('link', { name: 'Checkout' }));

    expect(location()).toBe('/cart#order-summary');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a polite "Added to cart" instead when the shopper has left the page before the add answered', async () => {
    // The add is answered only once the shopper has left: an order of events, not a delay that a loaded machine
    // could outrun.
    const add = holdOperation('AddToCart', [
      viewerMock(createViewer()),
      cartBadgeMock(1),
      addToCartMock(42, { cart: createCart([existing, oud]) }),
      miniCartTermsMock(),
    ]);
    const { user, location } = renderShop([], add.link);
    await screen.findByRole('button', { name: 'Log out' });

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 1 item' }));
    expect(location()).toBe('/cart');
    add.release();

    expect((await screen.findByText('Added to cart')).closest('[role="status"]')).toHaveClass('toast');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
