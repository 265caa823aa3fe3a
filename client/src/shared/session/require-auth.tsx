import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useViewer } from './use-viewer';

/** Where signed-out visitors are sent (SPEC §2: /account is the login screen). */
export const SIGN_IN_PATH = '/account';

/**
 * Renders its children (or the child routes) only for a signed-in visitor. Anyone else goes to the login
 * screen with `state.from` set to where they were, so signing in brings them back (SPEC §4).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { viewer, loading } = useViewer();
  const location = useLocation();

  if (loading) {
    return (
      <p role="status" className="route-loading">
        Loading…
      </p>
    );
  }
  if (!viewer) {
    // replace: Back from the login screen must not land on the guarded page and bounce again.
    return <Navigate to={SIGN_IN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children ?? <Outlet />;
}
