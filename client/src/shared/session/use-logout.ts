import { useApolloClient } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from './session.generated';
import { SIGN_IN_PATH } from './require-auth';
import { forgetSessionData, writeViewer } from './viewer';

/**
 * Signs out: the server ends the session, Apollo's store is emptied (nothing of the last customer stays
 * in memory) and the visitor lands on the login screen (SPEC §2).
 */
export function useLogout(): () => Promise<void> {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [logoutMutation] = useLogoutMutation();
  const pending = useRef(false);

  return useCallback(async () => {
    if (pending.current) return;
    pending.current = true;
    try {
      const signedOut = await logoutMutation().then(
        () => true,
        () => false,
      );
      // Leave guarded pages first, so their guard does not redirect with a from-state of its own.
      await navigate(SIGN_IN_PATH);
      // The header changes at once; if the server could not be told, the refetch below shows the truth.
      if (signedOut) writeViewer(client.cache, null);
      await forgetSessionData(client);
    } finally {
      pending.current = false;
    }
  }, [client, logoutMutation, navigate]);
}
