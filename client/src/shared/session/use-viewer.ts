import { useViewerQuery } from './session.generated';
import type { Viewer } from './viewer';

export interface ViewerState {
  /** Who is signed in; null when signed out, still loading, or when `me` could not be fetched. */
  viewer: Viewer | null;
  /** True until the first answer to `me` is known. */
  loading: boolean;
}

/** The signed-in customer or admin, from the `me` query (the session cookie decides; no token is stored). */
export function useViewer(): ViewerState {
  const { data, loading } = useViewerQuery({
    // The answer depends on the cookie: never let the browser's HTTP cache answer this GET.
    context: { fetchOptions: { cache: 'no-store' } },
  });
  return { viewer: data?.me ?? null, loading: loading && data === undefined };
}
