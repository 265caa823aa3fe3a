import type { AuthChecker } from 'type-graphql';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { UserRole } from './user.entity';
import type { Viewer } from './viewer';

/** The signed-in user, or UNAUTHENTICATED with the spec's message. */
export function requireViewer(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return ctx.viewer;
}

/** Admins only, decided by the role stored on the server: nothing the browser says counts. */
/** The REST paths name the user (in the path or body); when they do, it must be the signed-in one. */
export function requireSelf(ctx: RequestContext, userId: unknown, refusal: string): Viewer {
  const viewer = requireViewer(ctx);
  if (userId !== undefined && userId !== null && String(userId) !== viewer.id) throw new AppError('FORBIDDEN', refusal);
  return viewer;
}

export function requireAdmin(ctx: RequestContext): Viewer {
  const viewer = requireViewer(ctx);
  if (viewer.role !== UserRole.ADMIN) throw new AppError('FORBIDDEN', 'Admin access required');
  return viewer;
}

/** type-graphql's @Authorized(): no roles = signed in; 'ADMIN' = admins. */
export const authChecker: AuthChecker<RequestContext> = ({ context }, roles) => {
  if (roles.includes(UserRole.ADMIN)) requireAdmin(context);
  else requireViewer(context);
  return true;
};
