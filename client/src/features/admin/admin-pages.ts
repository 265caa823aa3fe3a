import type { Permission } from '../../shared/session/use-permissions';

// Each link shows only to a role whose permission opens its page (decision 0102); the server checks every call.
export const sidebarLinks: readonly { to: string; label: string; permission: Permission }[] = [
  { to: '/oxalis', label: 'Dashboard', permission: 'ORDERS' },
  { to: '/oxalis/upload', label: 'Upload Product', permission: 'CATALOGUE' },
  { to: '/oxalis/category', label: 'Create Category', permission: 'CATALOGUE' },
  { to: '/oxalis/inventory', label: 'Inventory', permission: 'STOCK' },
  { to: '/oxalis/wanted', label: 'Most wanted', permission: 'STOCK' },
  { to: '/oxalis/orders', label: 'Orders', permission: 'ORDERS' },
  { to: '/oxalis/reviews', label: 'Reviews', permission: 'REVIEWS' },
  { to: '/oxalis/transactions', label: 'Transactions', permission: 'ORDERS' },
  { to: '/oxalis/discounts', label: 'Discount codes', permission: 'DISCOUNTS' },
  { to: '/oxalis/subscribers', label: 'Subscribers', permission: 'SETTINGS' },
  { to: '/oxalis/delivery', label: 'Delivery', permission: 'SETTINGS' },
  { to: '/oxalis/staff', label: 'Staff', permission: 'STAFF' },
  { to: '/oxalis/audit', label: 'Audit log', permission: 'SETTINGS' },
];

/** Pages reached without a sidebar link, and the permission each needs (the server's, decision 0102). */
const otherPages: readonly { to: string; permission: Permission }[] = [
  { to: '/oxalis/import', permission: 'CATALOGUE' },
  { to: '/oxalis/notifications', permission: 'ORDERS' },
];

/** The permission the admin page at `pathname` needs, or undefined for an address that is not one of them. */
export function permissionForAdminPath(pathname: string): Permission | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...sidebarLinks, ...otherPages].find((page) => page.to === path)?.permission;
}

export const NOT_YOUR_PAGE = "This page is not part of your role's work. Ask the shop's owner if you need it.";
