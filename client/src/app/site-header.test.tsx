import type { MockLink } from '@apollo/client/testing';
import type { ApolloClient } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { useApolloClient } from '@apollo/client/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { cartBadgeMock } from '../shared/cart/testing/cart-mocks';
import { createViewer, logoutMock, viewerMock } from '../shared/session/testing/viewer-mocks';
import { writeViewer, type Viewer } from '../shared/session/viewer';
import { SiteHeader } from './site-header';

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

interface RenderHeaderOptions {
  /** What the CartBadge query answers; only a signed-in header asks it. */
  cartQuantity?: number;
  /** Who `me` says is signed in; null (the default) for a guest. */
  viewer?: Viewer | null;
  mocks?: MockLink.MockedResponse[];
  at?: string;
}

function renderHeader({ cartQuantity = 0, viewer = null, mocks = [], at = '/' }: RenderHeaderOptions = {}) {
  const user = userEvent.setup();
  let apolloClient: ApolloClient | undefined;
  function ClientProbe() {
    const client = useApolloClient();
    useEffect(() => {
      apolloClient = client;
    }, [client]);
    return null;
  }
  render(
    <MockedProvider
      // A signed-in header reads the cart's quantity, as often as the cache is cleared.
      mocks={[
        viewerMock(viewer),
        { ...cartBadgeMock(cartQuantity), maxUsageCount: Number.POSITIVE_INFINITY },
        ...mocks,
      ]}
      mockLinkDefaultOptions={{ delay: 0 }}
    >
      <MemoryRouter initialEntries={[at]}>
        <SiteHeader />
        <Routes>
          <Route path="/account" element={<h1>Login</h1>} />
          <Route path="*" element={null} />
        </Routes>
        <CurrentPath />
        <ClientProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
  return { user, client: () => apolloClient! };
}

const menuButton = () => screen.getByRole('button', { name: 'Open menu' });

describe('SiteHeader', () => {
  it('shows no cart badge at 0 and the quantity when above it', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveTextContent('');
  });

  it('names the cart link with the quantity in the badge', async () => {
    // As in the shop: the badge shows once `me` and then the cart have answered.
    renderHeader({ viewer: createViewer(), cartQuantity: 3 });
    const cart = await screen.findByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent('3');
  });

  it('opens the mobile menu from the menu button and traps focus inside it', async () => {
    const { user } = renderHeader();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(menuButton());

    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-modal', 'true');
    expect(menu.querySelector('#mobile-menu')).not.toBeNull();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const links = within(within(menu).getByRole('navigation', { name: 'Menu' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/category/for-women',
      '/category/for-men',
      '/category/kids',
      '/category/room',
      '/category/unisex',
    ]);
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    // Tab from the last link wraps to the close button; Shift+Tab from the first goes to the last.
    links.at(-1)!.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-1)).toHaveFocus();
  });

  it('closes on Escape and returns focus to the menu button', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on an overlay click, but not on a click inside the panel', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());

    await user.click(screen.getByRole('heading', { name: 'Menu' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('closes with the close button and after following a link', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();

    await user.click(menuButton());
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'For Men' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/category/for-men'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('SiteHeader and the session', () => {
  const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

  it('shows a guest the account icon and no My Orders or logout', async () => {
    renderHeader();

    expect(await screen.findByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(mainNav()).queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('shows a signed-in visitor My Orders and a logout icon instead of the account icon', async () => {
    renderHeader({ viewer: createViewer() });

    expect(await within(mainNav()).findByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('logs out on the server, forgets the viewer and goes to /account', async () => {
    const logout = jest.fn(() => ({
      data: { logout: { __typename: 'ActionResult' as const, ok: true, message: 'Signed out.', errors: [] } },
    }));
    const { user, client } = renderHeader({
      viewer: createViewer(),
      at: '/my-orders',
      // After the store is cleared, `me` is asked again: the server now answers null.
      mocks: [logoutMock({ result: logout }), viewerMock(null)],
    });

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('link', { name: 'Account' })).toBeInTheDocument();
    expect(logout).toHaveBeenCalledTimes(1);
    // The router applies navigations in a transition, which may land a render after the cache's update.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/account'));
    expect(screen.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    // The store was cleared, not merely told `me` is null: the customer's record is gone.
    expect(client().cache.extract()).not.toHaveProperty(['Viewer:7']);

    // The header still follows `me`: the next sign-in shows at once.
    act(() => writeViewer(client().cache, createViewer({ id: '8', first: 'Baraka' })));
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('still clears the store when the server cannot be told, then shows what `me` says', async () => {
    const viewer = createViewer();
    const { user, client } = renderHeader({
      viewer,
      mocks: [logoutMock({ result: undefined, error: new TypeError('Failed to fetch') }), viewerMock(viewer)],
    });

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/account'));
    // The session may still be open on the server: the header says so instead of pretending.
    await waitFor(() => expect(client().cache.extract()).toHaveProperty(['ROOT_QUERY', 'me']));
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('gives the mobile menu My Orders and a Logout entry only when signed in', async () => {
    const logout = jest.fn(() => ({
      data: { logout: { __typename: 'ActionResult' as const, ok: true, message: 'Signed out.', errors: [] } },
    }));
    const { user } = renderHeader({
      viewer: createViewer(),
      mocks: [logoutMock({ result: logout }), viewerMock(null)],
    });
    await screen.findByRole('button', { name: 'Log out' });

    await user.click(menuButton());
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    await user.click(within(menu).getByRole('button', { name: 'Logout' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Account' })).toBeInTheDocument();
    expect(logout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/account'));

    await user.click(menuButton());
    const guestMenu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(guestMenu).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(guestMenu).queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
  });
});

describe('SiteHeader and test mode', () => {
  afterEach(() => {
    delete window.__MANUKATO_CONFIG__;
  });

  it('says "Test mode — no real payments" above the header while the server takes payments through its stand-in', () => {
    window.__MANUKATO_CONFIG__ = { paymentTestMode: true };
    renderHeader();
    const banner = screen.getByRole('banner');
    const notice = within(banner).getByText('Test mode — no real payments');
    // The same element, in the same place, as the server's first paint writes (first-paint.ts): no layout shift.
    expect(notice.outerHTML).toBe('<p class="test-mode-notice">Test mode — no real payments</p>');
    expect(banner.firstElementChild).toBe(notice);
  });

  it('shows no notice when the shop takes real payments', () => {
    window.__MANUKATO_CONFIG__ = {};
    renderHeader();
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });
});
