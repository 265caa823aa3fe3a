import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CartIcon, CloseIcon, MenuIcon, UserIcon } from '../shared/ui/icons';
import { Modal } from '../shared/ui/modal';
import { useMediaQuery } from '../shared/ui/use-media-query';

// Header category slugs (kids, room) intentionally differ from the footer's (for-children, room-sprays): SPEC §2.
// The server resolves both spellings to the same categories.
export const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/category/for-women', label: 'For Women' },
  { to: '/category/for-men', label: 'For Men' },
  { to: '/category/kids', label: 'Kids' },
  { to: '/category/room', label: 'Room' },
  { to: '/category/unisex', label: 'Unisex' },
] as const;

/** SPEC §9: the side menu replaces the header links below this width. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 768px)';

interface SiteHeaderProps {
  /** Total quantity in the cart; the Commerce issue supplies it. No badge at 0. */
  cartQuantity?: number;
}

// My Orders and the logout icon arrive with the Accounts issue.
export function SiteHeader({ cartQuantity = 0 }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);

  // Following a link, or widening the window past the breakpoint, closes the menu (state adjusted while
  // rendering, as React recommends over an effect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  if (desktop && menuOpen) setMenuOpen(false);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <button
          type="button"
          className="icon-button site-header__menu-button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="site-header__brand">
          MANUKATO
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <NavList />
        </nav>
        <div className="site-header__actions">
          <CartLink quantity={cartQuantity} />
          <Link to="/account" aria-label="Account" className="icon-link">
            <UserIcon />
          </Link>
        </div>
      </div>
      <Modal open={menuOpen} onClose={closeMenu} labelledBy="mobile-menu-heading" className="side-menu">
        <div id="mobile-menu">
          <div className="side-menu__header">
            <h2 id="mobile-menu-heading" className="side-menu__title">
              Menu
            </h2>
            <button type="button" className="icon-button" aria-label="Close menu" onClick={closeMenu}>
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Menu" className="side-menu__nav">
            <NavList onNavigate={closeMenu} />
          </nav>
        </div>
      </Modal>
    </header>
  );
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul>
      {navLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function CartLink({ quantity }: { quantity: number }) {
  const label = quantity > 0 ? `Cart, ${quantity} ${quantity === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <Link to="/cart" aria-label={label} className="icon-link cart-link">
      <CartIcon />
      {quantity > 0 ? (
        <span className="cart-link__badge" aria-hidden="true">
          {quantity > 99 ? '99+' : quantity}
        </span>
      ) : null}
    </Link>
  );
}
