import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { BellIcon } from '../../../shared/ui/icons';
import './admin-layout.css';

const sidebarLinks = [
  { to: '/oxalis', label: 'Dashboard' },
  { to: '/oxalis/upload', label: 'Upload Product' },
  { to: '/oxalis/category', label: 'Create Category' },
  { to: '/oxalis/inventory', label: 'Inventory' },
  { to: '/oxalis/orders', label: 'Orders' },
  { to: '/oxalis/reviews', label: 'Reviews' },
  { to: '/oxalis/transactions', label: 'Transactions' },
] as const;

// SPEC §2 fixes the notifications badge at 3 until notifications are real.
const NOTIFICATION_BADGE = 3;

// Loaded lazily by the router, so nothing here (or in the admin pages) weighs on the storefront bundle.
// Collapsing sidebar and the 'Confirm Logout' dialog come with the admin issue.
export function AdminLayout() {
  return (
    <div className="admin-layout">
      {/* Every admin screen is kept out of search engines (SPEC §2); React 19 hoists this into <head>. */}
      <meta name="robots" content="noindex" />
      <aside className="admin-layout__sidebar">
        <p className="admin-layout__brand">Manukato Admin</p>
        <nav aria-label="Admin">
          <ul>
            {sidebarLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/oxalis'}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="admin-layout__body">
        <header className="admin-layout__header">
          <p>Welcome back, Admin</p>
          <NavLink
            to="/oxalis/notifications"
            className="admin-layout__bell"
            aria-label={`Notifications (${NOTIFICATION_BADGE})`}
          >
            <BellIcon />
            <span className="admin-layout__badge" aria-hidden="true">
              {NOTIFICATION_BADGE}
            </span>
          </NavLink>
        </header>
        <main className="admin-layout__main">
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
