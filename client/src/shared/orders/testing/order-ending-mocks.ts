import type { MockLink } from '@apollo/client/testing';
import { OrderEndingDocument, type OrderEndingQuery } from '../order-ending.generated';

type EndingOrder = OrderEndingQuery['myOrder'];

/** An order as the checkout's ending reads it: one line, delivered to Kilimani, paid by M-Pesa. */
export function createEndingOrder(overrides: Partial<EndingOrder> = {}): EndingOrder {
  return {
    __typename: 'Order',
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    status: 'pending',
    paymentMethod: 'mpesa',
    paymentState: 'paid',
    whatsappUpdates: false,
    subtotalCents: 500_000,
    discountCode: null,
    discountCents: 0,
    shippingFeeCents: 20_000,
    totalCents: 520_000,
    deliveryLocation: {
      __typename: 'DeliveryLocation',
      id: 2,
      name: 'Doorstep: Kilimani, Kileleshwa, Lavington',
      deliveryTime: '1-3 business days',
    },
    items: [
      {
        __typename: 'OrderItem',
        id: 1,
        name: 'Oud Savanna',
        sizeLabel: '50 ml · Eau de Parfum',
        quantity: 1,
        lineTotalCents: 500_000,
      },
    ],
    ...overrides,
  };
}

/** `myOrder` for the ending: the order asked for (its id), with these facts. */
export function orderEndingMock(
  overrides: Partial<EndingOrder> = {},
  extra: Partial<MockLink.MockedResponse<OrderEndingQuery>> = {},
): MockLink.MockedResponse<OrderEndingQuery> {
  return {
    request: { query: OrderEndingDocument, variables: () => true },
    result: (variables: { id: string }) => ({
      data: { myOrder: createEndingOrder({ id: variables.id, ...overrides }) },
    }),
    ...extra,
  };
}
