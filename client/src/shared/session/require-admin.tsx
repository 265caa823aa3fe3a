import type { ReactNode } from 'react';
import { RequireAuth } from './require-auth';

/**
 * Renders the admin area only for a team member (staff, manager or the owner, decision 0102): a guest goes to the
 * login screen (signing in brings them back), a signed-in customer goes home. The server refuses every admin
 * operation a role does not allow anyway: this only keeps a screen of refusals from being shown.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  return <RequireAuth allow={(viewer) => viewer.role !== 'USER'}>{children}</RequireAuth>;
}
