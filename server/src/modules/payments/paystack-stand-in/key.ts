import { hmac } from '../../../shared/secrets';

/** The stand-in's Paystack secret key, the same on every instance: derived from the shared signing secret. */
export function paystackSimulatorKey(signingSecret: string | undefined): string {
  if (!signingSecret) throw new Error('SECRET_KEY was not resolved at start');
  return `sk_simulator_${hmac(signingSecret, 'paystack-simulator')}`;
}
