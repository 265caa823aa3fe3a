/**
 * The shop's one e-mail grammar (decision 0066), the same expression as the server's server/src/config/email-address.ts:
 * a single plain address. The local part is RFC 5322 dot-atom (letters, digits and !#$%&'*+/=?^_`{|}~- in
 * dot-separated runs), the domain LDH labels ending in a top-level domain of two or more letters; no names,
 * comments, quotes, brackets, lists or spaces, ASCII only, at most 254 characters with a local part of at most 64.
 * The client cannot import the server's copy: both test it against test-support/email-address-cases.json.
 */
const emailAddressPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const maxEmailLength = 254;
const maxLocalPartLength = 64;

/** SPEC §5: e-mail addresses are trimmed and lower-cased everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether `email` is exactly one address of the shop's grammar; the server checks again and has the last word. */
export function isEmailAddress(email: string): boolean {
  if (email.length > maxEmailLength || email.indexOf('@') > maxLocalPartLength) return false;
  return emailAddressPattern.test(email);
}
