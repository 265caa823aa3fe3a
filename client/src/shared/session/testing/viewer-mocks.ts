import type { MockLink } from '@apollo/client/testing';
import { LogoutDocument, ViewerDocument, type LogoutMutation, type ViewerQuery } from '../session.generated';
import type { Viewer } from '../viewer';

const staffPermissions: Viewer['permissions'] = ['ORDERS', 'STOCK', 'REVIEWS'];
const managerPermissions: Viewer['permissions'] = [...staffPermissions, 'CATALOGUE', 'DISCOUNTS', 'REFUNDS', 'REPORTS'];

/** What the server's rolePermissions gives each role (decision 0102). */
export const permissionsOf: Record<Viewer['role'], Viewer['permissions']> = {
  USER: [],
  STAFF: staffPermissions,
  MANAGER: managerPermissions,
  ADMIN: [...managerPermissions, 'STAFF', 'SETTINGS'],
};

/** A signed-in customer as `me` answers, with __typename for Apollo's cache; permissions follow the role. */
export function createViewer(overrides: Partial<Viewer> = {}): Viewer {
  const role = overrides.role ?? 'USER';
  return {
    __typename: 'Viewer',
    id: '7',
    first: 'Amina',
    last: 'Otieno',
    email: 'amina@example.com',
    phone: null,
    role,
    permissions: permissionsOf[role] ?? [],
    ...overrides,
  };
}

/** `me`: a viewer, or null for a signed-out visitor. */
export function viewerMock(
  me: Viewer | null,
  extra: Partial<MockLink.MockedResponse<ViewerQuery>> = {},
): MockLink.MockedResponse<ViewerQuery> {
  return { request: { query: ViewerDocument }, result: { data: { me } }, ...extra };
}

export function logoutMock(
  extra: Partial<MockLink.MockedResponse<LogoutMutation>> = {},
): MockLink.MockedResponse<LogoutMutation> {
  return {
    request: { query: LogoutDocument },
    result: { data: { logout: { __typename: 'ActionResult', ok: true, message: 'Signed out.', errors: [] } } },
    ...extra,
  };
}
