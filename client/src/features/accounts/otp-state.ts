import type { RegistrationInput } from './validate-accounts';

/** What the registration screen hands /verify-otp through navigation state (SPEC §2). */
export interface OtpState {
  registration: RegistrationInput;
  /** The code challenge from requestSignupCode; a resend replaces it. */
  hash: string;
}

export function readOtpState(state: unknown): OtpState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { registration, hash } = state as Partial<Record<keyof OtpState, unknown>>;
  if (typeof hash !== 'string' || hash === '') return null;
  if (typeof registration !== 'object' || registration === null) return null;
  const fields = registration as Record<string, unknown>;
  const complete = (['first', 'last', 'email', 'password'] as const).every(
    (field) => typeof fields[field] === 'string' && fields[field] !== '',
  );
  return complete ? { registration: registration as RegistrationInput, hash } : null;
}
