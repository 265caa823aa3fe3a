import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { SearchBox } from '../features/catalog/components/search-box';
import { useCartQuantity } from '../shared/cart/use-cart-quantity';
import { useLogout } from '../shared/session/use-logout';
import { useViewer } from '../shared/session/use-viewer';
import { CartIcon, CloseIcon, LogoutIcon, MenuIcon, UserIcon } from '../shared/ui/icons';
import { Modal } from '../shared/ui/modal';
import { TestModeNotice } from '../shared/ui/test-mode-notice';
import { useMediaQuery } from '../shared/ui/use-media-query';
import { navLinks, myOrdersLink } from './site-header-links';

/** SPEC §9: the side menu replaces the header links below this width. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 768px)';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  // SPEC §2: 'My Orders' and the logout icon only for a signed-in visitor, the account icon otherwise.
  const { viewer } = useViewer();
  const signedIn = viewer !== null;
  const logout = useLogout();

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
      <TestModeNotice />
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
          <NavList signedIn={signedIn} />
        </nav>
        <SearchBox />
        <div className="site-header__actions">
          {signedIn ? <ShopperCartLink /> : <CartLink quantity={0} />}
          {signedIn ? (
            <button type="button" className="icon-button" aria-label="Log out" onClick={() => void logout()}>
              <LogoutIcon />
            </button>
          ) : (
            <Link to="/account" aria-label="Account" className="icon-link">
              <UserIcon />
            </Link>
          )}
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
            <NavList signedIn={signedIn} onNavigate={closeMenu} />
          </nav>
          {signedIn ? (
            <button
              type="button"
              className="side-menu__logout"
              onClick={() => {
                closeMenu();
                void logout();
              }}
            >
              <LogoutIcon size={20} />
              Logout
            </button>
          ) : null}
        </div>
      </Modal>
    </header>
  );
}

function NavList({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const links = signedIn ? [...navLinks, myOrdersLink] : navLinks;
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The signed-in shopper's cart link, its badge the total quantity from the cached cart (none at 0). A guest's link
 * has no badge and asks for nothing: the header mounts no cart query for a guest.
 */
function ShopperCartLink() {
  return <CartLink quantity={useCartQuantity()} />;
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
