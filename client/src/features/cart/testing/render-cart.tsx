import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import { DeliveryLocationsDocument, type DeliveryLocationsQuery } from '../api/cart-page.generated';
import { ToastProvider } from '../../../shared/ui/toast';
import { myAddressesMock, saveAddressMock } from '../../../shared/addresses/testing/address-mocks';
import { orderEndingMock } from '../../../shared/orders/testing/order-ending-mocks';

/** SPEC §9: goods from Ksh 10,000 ship free (the server's threshold, in cents). */
export const freeDeliveryFromCents = 1_000_000;

/** SPEC §9's four delivery options, as the API answers them (fees in cents); pay on delivery in Nairobi. */
export const deliveryLocations: DeliveryLocationsQuery['deliveryLocations'] = [
  {
    __typename: 'DeliveryLocation',
    id: 1,
    name: 'CBD collection point at a mall',
    feeCents: 12000,
    deliveryTime: '1-3 business days',
    payOnDelivery: true,
  },
  {
    __typename: 'DeliveryLocation',
    id: 2,
    name: 'Doorstep: Kilimani, Kileleshwa, Lavington',
    feeCents: 20000,
    deliveryTime: '1-3 business days',
    payOnDelivery: true,
  },
  {
    __typename: 'DeliveryLocation',
    id: 3,
    name: 'Doorstep: South B, South C, Upperhill, Nairobi West, Madaraka',
    feeCents: 25000,
    deliveryTime: '1-3 business days',
    payOnDelivery: true,
  },
  {
    __typename: 'DeliveryLocation',
    id: 4,
    name: 'Outside Nairobi',
    feeCents: 55000,
    deliveryTime: '3-5 business days',
    payOnDelivery: false,
  },
];

export function deliveryLocationsMock(): MockLink.MockedResponse<DeliveryLocationsQuery> {
  return {
    request: { query: DeliveryLocationsDocument },
    result: { data: { freeDeliveryFromCents, deliveryLocations } },
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * A cart-feature screen with the app's cache (type policies included), a router and toasts. After the test's own
 * mocks, an empty address book and a saveAddress that takes anything answer, however often the checkout asks.
 */
export function renderCartScreen(
  ui: ReactElement,
  mocks: MockLink.MockedResponse[],
  { route = '/cart', path = '*' } = {},
) {
  return render(
    <MockedProvider
      mocks={[
        ...mocks,
        myAddressesMock([], { maxUsageCount: 20 }),
        saveAddressMock({}, { maxUsageCount: 20 }),
        orderEndingMock({}, { maxUsageCount: 20 }),
      ]}
      cache={createCache()}
      mockLinkDefaultOptions={{ delay: 0 }}
    >
      <MemoryRouter initialEntries={[route]}>
        <ToastProvider>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
          <LocationProbe />
        </ToastProvider>
      </MemoryRouter>
    </MockedProvider>,
  );
}
