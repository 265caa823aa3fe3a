import { useViewerQuery } from './session.generated';
import type { Viewer } from './viewer';

/** One of the schema's Permission values (decision 0102). */
export type Permission = Viewer['permissions'][number];

/**
 * Whether the signed-in team member's role allows `permission`, read from the `me` already in the cache (the admin
 * area's guard loaded it): hides what the role cannot do. Unknown viewer: allowed, as the server decides anyway.
 */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useViewerQuery({ fetchPolicy: 'cache-only' });
  const permissions = data?.me?.permissions;
  return (permission) => !permissions || permissions.includes(permission);
}
