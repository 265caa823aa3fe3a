import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useViewer } from './use-viewer';
import type { Viewer } from './viewer';

/** Where signed-out visitors are sent (SPEC §2: /account is the login screen). */
export const SIGN_IN_PATH = '/account';

interface RequireAuthProps {
  children?: ReactNode;
  /** Only visitors with this role get in; anyone else signed in goes home. Any signed-in visitor when absent. */
  role?: Viewer['role'];
  /** Only visitors this allows get in (as `role`, for more than one role). */
  allow?: (viewer: Viewer) => boolean;
}

/**
 * Renders its children (or the child routes) only for a signed-in visitor (of `role`, when given). A guest goes
 * to the login screen with `state.from` set to where they were, so signing in brings them back (SPEC §4); a
 * signed-in visitor without the role goes home.
 */
export function RequireAuth({ children, role, allow }: RequireAuthProps) {
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
  if ((role && viewer.role !== role) || (allow && !allow(viewer))) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
