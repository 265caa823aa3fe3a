import type { ApolloCache, ApolloClient } from '@apollo/client';
import { ViewerDocument, type SessionViewerFragment, type ViewerQuery } from './session.generated';

export type Viewer = SessionViewerFragment;

/**
 * Puts who is now signed in (or null after sign-out) where every `me` reader looks, so the header and the
 * route guard update at once without asking the server again.
 */
export function writeViewer(cache: ApolloCache, viewer: Viewer | null): void {
  cache.writeQuery<ViewerQuery>({ query: ViewerDocument, data: { me: viewer } });
}

/**
 * Empties Apollo's store, so nothing of the previous visitor stays in memory, then asks the server again
 * for what is on screen (`me` included). clearStore alone would leave mounted queries no longer watching
 * the cache, and the header would miss the next sign-in.
 */
export async function forgetSessionData(client: ApolloClient): Promise<void> {
  await client.clearStore();
  await client.refetchQueries({ include: 'active' }).catch(() => undefined);
}

/**
 * The in-app path a sign-in should return to: `location.state.from`, when it is a same-site path that is
 * not itself a sign-in screen.
 */
export function returnPathFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const pathname = from.split(/[?#]/)[0];
  return pathname === '/account' || pathname === '/login' ? null : from;
}
