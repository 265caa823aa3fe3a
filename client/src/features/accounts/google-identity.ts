// Google Identity Services, loaded only when the server configured a client id (SPEC §7: the provider's
// script comes from the provider). Only the few calls the sign-in button needs are typed.

export const GOOGLE_SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) the server verifies. */
  credential?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with';
  shape?: 'rectangular' | 'pill';
  width?: number;
  logo_alignment?: 'left' | 'center';
}

export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

declare global {
  interface Window {
    /**
     * Written into the HTML by the server as JSON (app/server-config.ts); googleClientId is absent when Google
     * sign-in is not configured, paymentTestMode is true while payments go through the stand-in
     * (shared/ui/test-mode-notice.tsx).
     */
    __MANUKATO_CONFIG__?: { googleClientId?: string; paymentTestMode?: boolean };
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export function googleClientId(): string | null {
  const id = window.__MANUKATO_CONFIG__?.googleClientId;
  return typeof id === 'string' && id.trim() !== '' ? id : null;
}

let loading: Promise<GoogleAccountsId> | null = null;

/** Adds Google's script once per page; a failed load may be retried by the next caller. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const api = window.google?.accounts?.id;
      if (api) return resolve(api);
      loading = null;
      reject(new Error('Google Identity Services did not initialise'));
    };
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
