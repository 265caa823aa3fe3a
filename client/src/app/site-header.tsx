import { Link, NavLink } from 'react-router-dom';
import { CartIcon, UserIcon } from '../shared/ui/icons';

// Header category slugs (kids, room) intentionally differ from the footer's (for-children, room-sprays): SPEC §2.
const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/category/for-women', label: 'For Women' },
  { to: '/category/for-men', label: 'For Men' },
  { to: '/category/kids', label: 'Kids' },
  { to: '/category/room', label: 'Room' },
  { to: '/category/unisex', label: 'Unisex' },
] as const;

// Auth-dependent parts (My Orders, logout icon, cart badge, mobile side menu) arrive with the account and cart issues.
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          MANUKATO
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <ul>
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <Link to="/cart" aria-label="Cart" className="icon-link">
            <CartIcon />
          </Link>
          <Link to="/account" aria-label="Account" className="icon-link">
            <UserIcon />
          </Link>
        </div>
      </div>
    </header>
  );
}
