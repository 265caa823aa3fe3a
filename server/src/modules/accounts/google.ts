import type { JWTPayload, createRemoteJWKSet } from 'jose' with { 'resolution-mode': 'import' };
import type { AppConfig } from '../../config/config';
import { AppError } from '../../core/errors';
import { isValidEmail, normaliseEmail } from '../../config/email-address';

export interface GoogleIdentity {
  subject: string;
  email: string;
  first: string;
  last: string;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Verifies a Google Identity Services ID token: signature against Google's published keys (the URL is
 * configurable so tests run their own issuer on loopback), audience = our client id, issuer, expiry,
 * and a verified e-mail. Profile fields sent beside the token are never trusted.
 */
export async function verifyGoogleCredential(config: AppConfig, credential: unknown): Promise<GoogleIdentity> {
  const { clientId, jwksUrl, issuers } = config.google;
  if (!clientId) throw new AppError('BAD_USER_INPUT', 'Google sign-in is not configured on this shop.');
  if (typeof credential !== 'string' || credential.split('.').length !== 3) {
    throw AppError.field('credential', 'INVALID_TOKEN', 'Google login failed. Please try again.');
  }
  // jose is ESM-only: loaded on first use.
  const { createRemoteJWKSet: remoteKeySet, jwtVerify } = await import('jose');
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    keySet = remoteKeySet(new URL(jwksUrl));
    keySets.set(jwksUrl, keySet);
  }
  let payload: JWTPayload & {
    email?: string;
    email_verified?: boolean;
    given_name?: string;
    family_name?: string;
    name?: string;
  };
  try {
    ({ payload } = await jwtVerify(credential, keySet, { audience: clientId, issuer: issuers, clockTolerance: 30 }));
  } catch {
    throw AppError.field('credential', 'INVALID_TOKEN', 'Google login failed. Please try again.');
  }
  const email = normaliseEmail(payload.email);
  // An address outside the shop's one grammar (decision 0066) is no more usable than a missing one.
  if (!isValidEmail(email) || !payload.sub || payload.email_verified === false) {
    throw AppError.field('credential', 'GOOGLE_PROFILE_INCOMPLETE', 'Missing required Google profile information');
  }
  const [nameFirst = '', ...nameRest] = (payload.name ?? '').split(' ');
  return {
    subject: payload.sub,
    email,
    first: payload.given_name ?? nameFirst ?? '',
    last: payload.family_name ?? nameRest.join(' '),
  };
}
