import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const invalidKenyanMobileMessage = 'Please enter a valid Kenyan mobile number, e.g. +254712345678';

/**
 * A Kenyan mobile number in E.164 (+2547…, +2541…) from what a shopper types (0712 345 678, 254712345678,
 * +254 712 345678), as Paystack takes it for M-Pesa and Africa's Talking for SMS; null when it is not one.
 * Decided by libphonenumber's metadata, not a pattern of ours.
 */
export function kenyanMobile(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const phone = parsePhoneNumberFromString(input.trim(), 'KE');
  const type = phone?.getType();
  if (!phone?.isValid() || phone.country !== 'KE' || (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE'))
    return null;
  return phone.number;
}
