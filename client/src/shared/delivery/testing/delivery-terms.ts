import type { DeliveryTermsFragment } from '../delivery-terms.generated';

/** Delivery terms as the API answers them: the seeded locations (fees in cents) and the Ksh 10,000 threshold. */
export function createDeliveryTerms(): DeliveryTermsFragment {
  return {
    freeDeliveryFromCents: 1_000_000,
    deliveryLocations: [
      {
        __typename: 'DeliveryLocation',
        id: 1,
        name: 'CBD collection point at a mall',
        feeCents: 12000,
        deliveryTime: '1-3 business days',
      },
      {
        __typename: 'DeliveryLocation',
        id: 4,
        name: 'Outside Nairobi',
        feeCents: 55000,
        deliveryTime: '3-5 business days',
      },
    ],
  };
}
