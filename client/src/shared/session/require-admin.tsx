import type { ReactNode } from 'react';
import { RequireAuth } from './require-auth';

/**
 * Renders the admin area only for an admin: a guest goes to the login screen (signing in brings them back), a
 * signed-in customer goes home. The server refuses every admin operation to anyone else anyway: this only keeps
 * a screen of refusals from being shown.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  return <RequireAuth role="ADMIN">{children}</RequireAuth>;
}
