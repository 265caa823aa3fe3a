import type { SavedAddressFieldsFragment } from './addresses.generated';

/** The one-line address a checkout's Address field and a rider read: street, area, then the landmark. */
export function addressLine(address: Pick<SavedAddressFieldsFragment, 'street' | 'area' | 'landmark'>): string {
  const line = [address.street, address.area].filter(Boolean).join(', ');
  return address.landmark ? `${line} (${address.landmark})` : line;
}
