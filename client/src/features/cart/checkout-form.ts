import { isEmailAddress, normaliseEmail } from '../../shared/email-address';

/** The shipping form of SPEC §5: six fields, all required but the postal code, and an e-mail that looks like one. */
export interface ShippingForm {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
}

export type ShippingField = keyof ShippingForm;

export const shippingFields: { field: ShippingField; label: string; type: string; autoComplete: string }[] = [
  { field: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { field: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
  { field: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { field: 'postalCode', label: 'Postal Code', type: 'text', autoComplete: 'postal-code' },
];

export const FILL_ALL_FIELDS = 'Please fill in all fields';
export const INVALID_EMAIL = 'Please enter a valid email address';
// SPEC §8.
export const CREATE_ORDER_FAILED = 'Failed to create order';
export const PAYMENT_INIT_FAILED = 'Payment initialization failed';
export const MISSING_AUTHORIZATION_URL = 'Failed to initialize payment: Missing authorization URL';
// The checkout's order was placed by an earlier try whose answer was lost, with other details (decision 0068).
export const ORDER_ALREADY_PLACED =
  'Your order was already placed with the details you entered first. You can find it under My Orders.';

export function trimShipping(form: ShippingForm): ShippingForm {
  return {
    name: form.name.trim(),
    email: normaliseEmail(form.email),
    phone: form.phone.trim(),
    address: form.address.trim(),
    city: form.city.trim(),
    postalCode: form.postalCode.trim(),
  };
}

/**
 * The first failing rule's message, or null when the (trimmed) form may go on to payment. `emailOptional`: the
 * account has no e-mail (signed in with a phone), so its updates go by SMS or WhatsApp and the e-mail may stay empty.
 */
export function validateShipping(form: ShippingForm, { emailOptional = false } = {}): string | null {
  // A Kenyan address seldom has a postal code: the one field that may stay empty (issue 26).
  const optional = (field: ShippingField) => field === 'postalCode' || (field === 'email' && emailOptional);
  if (shippingFields.some(({ field }) => !optional(field) && form[field] === '')) return FILL_ALL_FIELDS;
  if ((form.email !== '' || !emailOptional) && !isEmailAddress(form.email)) return INVALID_EMAIL;
  return null;
}

export function isShippingField(field: string): field is ShippingField {
  return shippingFields.some((entry) => entry.field === field);
}
