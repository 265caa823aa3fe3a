import { returnPathFrom } from '../../shared/session/viewer';

// Pages a guest is turned away from (RequireAuth), and what the login screen tells them they came for.
const REASONS: [path: string, reason: string][] = [
  ['/cart', 'Sign in to see your cart.'],
  ['/my-orders', 'Sign in to see your orders.'],
  ['/my-addresses', 'Sign in to see your addresses.'],
  ['/checkout/callback', 'Sign in to finish checking your payment.'],
];

/** Why the login screen was opened, from the guarded page in `state.from`; null when it was opened directly. */
export function signInReason(state: unknown): string | null {
  const from = returnPathFrom(state);
  if (!from) return null;
  const pathname = from.split(/[?#]/)[0];
  return REASONS.find(([path]) => pathname === path)?.[1] ?? null;
}
