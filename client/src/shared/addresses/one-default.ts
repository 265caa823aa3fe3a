import type { ApolloCache } from '@apollo/client';
import { MyAddressesDocument, type MyAddressesQuery, type SaveAddressMutation } from './addresses.generated';

/**
 * After a save that made an address the default, the others stop being it in the same cache write: the server
 * answers with only the saved address, and until the book's refetch lands the page would show two defaults.
 */
export function keepOneDefault(cache: ApolloCache, { data }: { data?: SaveAddressMutation | null }): void {
  const saved = data?.saveAddress.address;
  if (!saved?.isDefault) return;
  const book = cache.readQuery<MyAddressesQuery>({ query: MyAddressesDocument });
  cache.batch({
    update(transaction) {
      for (const address of book?.myAddresses ?? []) {
        if (address.id === saved.id || !address.isDefault) continue;
        transaction.modify({ id: transaction.identify(address), fields: { isDefault: () => false } });
      }
    },
  });
}
