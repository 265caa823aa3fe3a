/** The e-mail shape the spec's forms check ("Please enter a valid email address"). */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function normaliseEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && emailPattern.test(email);
}
