import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ViewerDocument, type ViewerQuery } from '../../shared/session/session.generated';
import { readPendingAddToCart } from '../../shared/cart/pending-add-to-cart';
import { forgetSessionData, returnPathFrom, writeViewer, type Viewer } from '../../shared/session/viewer';

export const ADMIN_HOME = '/oxalis';

/**
 * After any successful sign-in: `me` in the cache becomes the new viewer (the header updates without a
 * request), then the visitor goes where they were headed, else admins to /oxalis and customers home (SPEC §6).
 * An Add to Cart that sent a guest here wins over both: they return to its page, where it is completed (issue 26).
 */
export function useFinishSignIn(options: { honourReturnPath?: boolean; home?: string } = {}) {
  const { honourReturnPath = true, home } = options;
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    async (viewer: Viewer) => {
      const previous = client.cache.readQuery<ViewerQuery>({ query: ViewerDocument })?.me;
      // Someone else was signed in on this tab: none of their data may stay in memory.
      if (previous && previous.id !== viewer.id) await forgetSessionData(client);
      writeViewer(client.cache, viewer);
      const target =
        readPendingAddToCart()?.from ??
        (honourReturnPath ? returnPathFrom(location.state) : null) ??
        home ??
        // Every team member (staff, manager, owner) lands in the admin area.
        (viewer.role !== 'USER' ? ADMIN_HOME : '/');
      // replace: Back should not return to a sign-in form that has done its job.
      await navigate(target, { replace: true });
    },
    [client, navigate, location.state, honourReturnPath, home],
  );
}
