import { useLoginWithGoogleMutation } from './api/login.generated';
import { serverMessageOr } from '../../shared/error-message';
import type { ShownProblem } from './use-account-form';
import { useFinishSignIn } from './use-finish-sign-in';

interface GoogleSignInOptions {
  /** SPEC §8: 'Google login failed…' on the login screen, 'Google registration failed…' on sign-up. */
  failureMessage: string;
  showProblem: (problem: ShownProblem<never> | null) => void;
  runSubmit: (task: () => Promise<void>) => Promise<void>;
}

/** Sends Google's credential to the server; signs in (or signs up: the server creates the account). */
export function useGoogleSignIn({ failureMessage, showProblem, runSubmit }: GoogleSignInOptions) {
  const [loginWithGoogle] = useLoginWithGoogleMutation();
  const finishSignIn = useFinishSignIn();

  const onCredential = (credential: string) =>
    void runSubmit(async () => {
      showProblem(null);
      try {
        const { data } = await loginWithGoogle({ variables: { credential } });
        const payload = data?.loginWithGoogle;
        if (payload?.viewer && payload.errors.length === 0) {
          await finishSignIn(payload.viewer);
          return;
        }
        // e.g. 'Missing required Google profile information' (SPEC §5).
        showProblem({ message: payload?.errors[0]?.message ?? failureMessage });
      } catch (error) {
        showProblem({ message: serverMessageOr(error, failureMessage) });
      }
    });

  return { onCredential, onFailure: () => showProblem({ message: failureMessage }) };
}
