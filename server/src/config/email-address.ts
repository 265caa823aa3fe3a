/**
 * The shop's one e-mail grammar (decision 0066): a single plain address, nothing else. The local part is RFC 5322
 * dot-atom (letters, digits and !#$%&'*+/=?^_`{|}~- in dot-separated runs: no leading, trailing or doubled dot);
 * the domain is LDH labels (letters, digits, inner hyphens, at most 63 each) ending in a top-level domain of two or
 * more letters. No quotes, comments, angle brackets, display names, groups or lists, no spaces or control
 * characters, ASCII only; at most 254 characters with a local part of at most 64 (RFC 5321).
 *
 * Why so narrow: an address that passes is delivered by nodemailer to exactly that address, so a limit counted per
 * address counts per mailbox (the old `x@y.zz` shape let `x<target@example.com>` through and it went to target).
 * The client's copy (its shared/email-address.ts) is the same expression; both sides test it against
 * test-support/email-address-cases.json. It lives in config/, the lowest layer (decision 0043), because the
 * settings (ADMIN_EMAIL…) and the mailer need it as much as every module that takes an address.
 */
const emailAddressPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const maxEmailLength = 254;
const maxLocalPartLength = 64;

/** Trimmed and lower-cased (SPEC §5); anything but a string is empty. */
export function normaliseEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** Whether `email` is exactly one address of the shop's grammar (it is not normalised first). */
export function isValidEmail(email: string): boolean {
  // The lengths first: the expression then only ever reads a bounded string.
  if (email.length > maxEmailLength || email.indexOf('@') > maxLocalPartLength) return false;
  return emailAddressPattern.test(email);
}
