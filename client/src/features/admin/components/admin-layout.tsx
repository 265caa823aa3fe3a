import { useApolloClient } from '@apollo/client/react';
import { Suspense, useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useLogout } from '../../../shared/session/use-logout';
import { useCan } from '../../../shared/session/use-permissions';
import { NOT_YOUR_PAGE, permissionForAdminPath, sidebarLinks } from '../admin-pages';
import { useViewer } from '../../../shared/session/use-viewer';
import { BellIcon, CloseIcon, MenuIcon, UserIcon } from '../../../shared/ui/icons';
import { ToastProvider } from '../../../shared/ui/toast';
import { useAdminHeaderQuery } from '../api/admin-header.generated';
import { installUploadLink } from '../upload-link';
import { ConfirmDialog } from './confirm-dialog';
import './admin-layout.css';
import './admin-pages.css';

// New notifications arrive from other people's actions (orders, reviews): the bell asks again now and then.
const UNREAD_POLL_MS = 60_000;

// Loaded lazily by the router (behind RequireAdmin), so nothing here weighs on the storefront bundle.
export function AdminLayout() {
  const client = useApolloClient();
  // File uploads (product images) need the multipart link, which only the admin area carries.
  useEffect(() => installUploadLink(client), [client]);

  const { viewer } = useViewer();
  const can = useCan();
  const { data: header } = useAdminHeaderQuery({ pollInterval: UNREAD_POLL_MS });
  const unread = header?.unreadNotificationCount ?? 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const location = useLocation();
  const sidebarId = useId();
  const pagePermission = permissionForAdminPath(location.pathname);

  // On a narrow screen the opened menu closes once a link has been followed.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <ToastProvider>
      <div className="admin-layout">
        {/* Every admin screen is kept out of search engines (SPEC §2); React 19 hoists this into <head>. */}
        <meta name="robots" content="noindex" />
        <aside className={menuOpen ? 'admin-layout__sidebar admin-layout__sidebar--open' : 'admin-layout__sidebar'}>
          <div className="admin-layout__brand-row">
            <p className="admin-layout__brand">Manukato Admin</p>
            <button
              type="button"
              className="admin-layout__toggle"
              aria-expanded={menuOpen}
              aria-controls={sidebarId}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
          <nav aria-label="Admin" id={sidebarId} className="admin-layout__nav">
            <ul>
              {sidebarLinks
                .filter((link) => can(link.permission))
                .map((link) => (
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
            <p>Welcome back, {viewer?.first || 'Admin'}</p>
            <div className="admin-layout__actions">
              <NavLink
                to="/oxalis/notifications"
                className="admin-layout__bell"
                aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
              >
                <BellIcon />
                {unread > 0 ? (
                  <span className="admin-layout__badge" aria-hidden="true" data-testid="unread-badge">
                    {unread > 99 ? '99+' : unread}
                  </span>
                ) : null}
              </NavLink>
              <button
                type="button"
                className="admin-layout__profile"
                aria-label="Profile"
                aria-haspopup="dialog"
                onClick={() => setConfirmingLogout(true)}
              >
                <UserIcon />
              </button>
            </div>
          </header>
          <main className="admin-layout__main">
            {/* An address typed or bookmarked for a page this role cannot use: said plainly, not a page of errors. */}
            {pagePermission && !can(pagePermission) ? (
              <section className="admin-page" aria-labelledby={`${sidebarId}-denied`}>
                <h1 id={`${sidebarId}-denied`}>Not available to your role</h1>
                <p>{NOT_YOUR_PAGE}</p>
              </section>
            ) : (
              <Suspense fallback={<p role="status">Loading…</p>}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
        <LogoutDialog open={confirmingLogout} onClose={() => setConfirmingLogout(false)} />
      </div>
    </ToastProvider>
  );
}

/** SPEC §2: 'Confirm Logout' with Cancel or Logout; here Logout really ends the session (see decision 0021). */
function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const [signingOut, setSigningOut] = useState(false);

  async function confirm() {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Confirm Logout"
      confirmLabel="Logout"
      busy={signingOut}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>Are you sure you want to log out?</p>
    </ConfirmDialog>
  );
}
