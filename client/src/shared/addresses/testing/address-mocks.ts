import type { MockLink } from '@apollo/client/testing';
import {
  MyAddressesDocument,
  SaveAddressDocument,
  type MyAddressesQuery,
  type SaveAddressMutation,
  type SavedAddressFieldsFragment,
} from '../addresses.generated';

/** An address as `myAddresses` answers it, with __typename for Apollo's cache. */
export function createSavedAddress(overrides: Partial<SavedAddressFieldsFragment> = {}): SavedAddressFieldsFragment {
  return {
    __typename: 'SavedAddress',
    id: 'address-1',
    recipient: 'Akinyi Otieno',
    phone: '+254712345678',
    area: 'Kilimani',
    street: 'Jade Court, flat 4B',
    landmark: 'Opposite the Yaya Centre',
    city: 'Nairobi',
    postalCode: null,
    isDefault: true,
    ...overrides,
  };
}

export function myAddressesMock(
  addresses: SavedAddressFieldsFragment[],
  extra: Partial<MockLink.MockedResponse<MyAddressesQuery>> = {},
): MockLink.MockedResponse<MyAddressesQuery> {
  return { request: { query: MyAddressesDocument }, result: { data: { myAddresses: addresses } }, ...extra };
}

/** `saveAddress`, for any input unless `input` is given: answers the address saved as the default. */
export function saveAddressMock(
  options: { input?: Record<string, unknown>; onSave?: (variables: Record<string, unknown>) => void } = {},
  extra: Partial<MockLink.MockedResponse<SaveAddressMutation>> = {},
): MockLink.MockedResponse<SaveAddressMutation> {
  return {
    request: {
      query: SaveAddressDocument,
      variables: (variables: Record<string, unknown>) => {
        const matches = !options.input || JSON.stringify(variables.input) === JSON.stringify(options.input);
        if (matches) options.onSave?.(variables);
        return matches;
      },
    },
    result: { data: { saveAddress: { __typename: 'SavedAddressPayload', address: createSavedAddress(), errors: [] } } },
    ...extra,
  };
}
