import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SiteHeader } from './site-header';

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderHeader(props: { cartQuantity?: number } = {}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteHeader {...props} />
      <CurrentPath />
    </MemoryRouter>,
  );
  return { user };
}

const menuButton = () => screen.getByRole('button', { name: 'Open menu' });

describe('SiteHeader', () => {
  it('shows no cart badge at 0 and the quantity when above it', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveTextContent('');
  });

  it('names the cart link with the quantity in the badge', () => {
    renderHeader({ cartQuantity: 3 });
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
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
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/category/for-men');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
