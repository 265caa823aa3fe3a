import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

export const INVALID_MPESA_PHONE = 'Please enter a valid M-Pesa number, e.g. +254712345678';

/** A Kenyan mobile number in E.164, or null. A first check for the shopper; the server decides. */
export function kenyanMobile(input: string): string | null {
  const phone = parsePhoneNumberFromString(input.trim(), 'KE');
  if (!phone?.isValid() || phone.country !== 'KE') return null;
  return phone.number;
}
