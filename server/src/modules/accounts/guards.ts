import { registerEnumType, type AuthChecker } from 'type-graphql';
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

/**
 * What a team member may do in the admin area (issue 27). Staff run the counter, a manager also runs the catalogue
 * and money, and only the owner (ADMIN) manages the team and the shop's settings.
 */
export enum Permission {
  /** Orders, fulfilment stages, payment at the door, transactions. */
  ORDERS = 'perm:orders',
  STOCK = 'perm:stock',
  REVIEWS = 'perm:reviews',
  /** Products, sizes, categories, product CSV import. */
  CATALOGUE = 'perm:catalogue',
  DISCOUNTS = 'perm:discounts',
  REFUNDS = 'perm:refunds',
  /** The owner's figures (revenue, refunds, payment failures) and the bulk CSV exports of orders, payments, products. */
  REPORTS = 'perm:reports',
  STAFF = 'perm:staff',
  /** Delivery locations, pay on delivery, the audit log and every other shop-wide setting. */
  SETTINGS = 'perm:settings',
}

registerEnumType(Permission, {
  name: 'Permission',
  description: 'What a team role may do in the admin area (decision 0102): the server checks each call.',
});

const staffPermissions: readonly Permission[] = [Permission.ORDERS, Permission.STOCK, Permission.REVIEWS];
const managerPermissions: readonly Permission[] = [
  ...staffPermissions,
  Permission.CATALOGUE,
  Permission.DISCOUNTS,
  Permission.REFUNDS,
  Permission.REPORTS,
];

export function rolePermissions(role: UserRole): readonly Permission[] {
  switch (role) {
    case UserRole.ADMIN:
      return Object.values(Permission);
    case UserRole.MANAGER:
      return managerPermissions;
    case UserRole.STAFF:
      return staffPermissions;
    default:
      return [];
  }
}

export function isTeamMember(role: UserRole): boolean {
  return role !== UserRole.USER;
}

/**
 * The spec's REST role flag: '1' opens its client's admin area, which every team member uses ('0' for shoppers);
 * what each may do there is decided per call by their permissions.
 */
export function restRole(role: UserRole): '1' | '0' {
  return isTeamMember(role) ? '1' : '0';
}

/** A team member whose role grants `permission`, decided by the role stored on the server. */
export function requirePermission(ctx: RequestContext, permission: Permission): Viewer {
  const viewer = requireViewer(ctx);
  if (!rolePermissions(viewer.role).includes(permission)) {
    throw new AppError(
      'FORBIDDEN',
      isTeamMember(viewer.role) ? 'Your role does not allow this' : 'Admin access required',
    );
  }
  return viewer;
}

/**
 * type-graphql's @Authorized(): no roles = signed in; 'ADMIN' = the owner; a Permission = a team member whose role
 * grants it.
 */
export const authChecker: AuthChecker<RequestContext> = ({ context }, roles) => {
  if (roles.includes(UserRole.ADMIN)) requireAdmin(context);
  else {
    const permission = roles.find((role): role is Permission => (Object.values(Permission) as string[]).includes(role));
    if (permission) requirePermission(context, permission);
    else requireViewer(context);
  }
  return true;
};
