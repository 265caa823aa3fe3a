/**
 * The idempotency key of one checkout (decision 0068): sent with every try of creating its order, so a retry after
 * a lost answer gets the order the first try placed instead of a second one. 128 random bits as hex, from
 * getRandomValues: crypto.randomUUID exists only in secure contexts, and the shop may be opened over plain http
 * on a local network.
 */
export function newCheckoutKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
