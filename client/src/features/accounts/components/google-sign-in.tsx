import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { googleClientId, loadGoogleIdentity } from '../google-identity';

interface GoogleSignInProps {
  /** 'signup_with' on the registration screen, 'signin_with' on the login screen. */
  text: 'signin_with' | 'signup_with';
  /** Google's ID token for the server's loginWithGoogle. */
  onCredential: (credential: string) => void;
  /** Google answered without a credential. */
  onFailure: () => void;
}

const BUTTON_MAX_WIDTH = 400;

/**
 * Google's own button and the 'OR' divider under it, only when the server configured a Google client id.
 * The script loads from Google when this mounts, never on other pages. If it cannot load (offline, blocked)
 * the button and divider stay away: the e-mail form below still works.
 */
export function GoogleSignIn({ text, onCredential, onFailure }: GoogleSignInProps) {
  const clientId = googleClientId();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const handleCredential = useEffectEvent((credential: string | undefined) => {
    if (credential) onCredential(credential);
    else onFailure();
  });

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    loadGoogleIdentity().then(
      (google) => {
        const parent = buttonRef.current;
        if (!active || !parent) return;
        google.initialize({
          client_id: clientId,
          context: text === 'signup_with' ? 'signup' : 'signin',
          callback: (response) => handleCredential(response.credential),
        });
        google.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          text,
          logo_alignment: 'center',
          // Google draws a fixed-width iframe: match the form's width, within Google's limit.
          width: Math.min(BUTTON_MAX_WIDTH, parent.clientWidth || BUTTON_MAX_WIDTH),
        });
      },
      () => {
        if (active) setUnavailable(true);
      },
    );
    return () => {
      active = false;
    };
  }, [clientId, text]);

  if (!clientId || unavailable) return null;

  return (
    <>
      <div ref={buttonRef} className="account-google" data-testid="google-sign-in" />
      <p className="account-divider">
        <span>OR</span>
      </p>
    </>
  );
}
