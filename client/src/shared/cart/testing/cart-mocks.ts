import type { MockLink } from '@apollo/client/testing';
import {
  AddToCartDocument,
  CartBadgeDocument,
  CartDocument,
  type AddToCartMutation,
  type CartBadgeQuery,
  type CartContentsFragment,
  type CartQuery,
} from '../cart.generated';
import { MiniCartDeliveryTermsDocument, type MiniCartDeliveryTermsQuery } from '../mini-cart.generated';
import { createDeliveryTerms } from '../../delivery/testing/delivery-terms';

type CartLine = CartContentsFragment['items'][number];

let nextLineId = 500;

/** A cart line as the API returns it; lineTotalCents follows from price and quantity unless given. */
export function createCartLine(
  overrides: Partial<Omit<CartLine, 'product' | 'variant'>> & {
    product?: Partial<CartLine['product']>;
    variant?: Partial<CartLine['variant']>;
  } = {},
): CartLine {
  const id = overrides.id ?? nextLineId++;
  const quantity = overrides.quantity ?? 1;
  const unitPriceCents = overrides.unitPriceCents ?? 250000;
  const productId = overrides.product?.id ?? id + 1000;
  return {
    __typename: 'CartLine',
    id,
    quantity,
    unitPriceCents,
    lineTotalCents: overrides.lineTotalCents ?? unitPriceCents * quantity,
    product: {
      __typename: 'Product',
      id: productId,
      name: `Perfume ${productId}`,
      category: 'FOR WOMEN',
      images: [{ __typename: 'ProductImage', id: `img-${productId}`, url: `/uploads/p-${productId}.webp` }],
      ...overrides.product,
    },
    variant: { __typename: 'ProductVariant', id: productId * 10, label: '', ...overrides.variant },
  };
}

/** SPEC §9's four delivery locations' fees by id, as the seeded shop has them (cents). */
const seededFees: [id: number, feeCents: number][] = [
  [1, 12000],
  [2, 20000],
  [3, 25000],
  [4, 55000],
];

/** The server's answers for the seeded locations: the three in Nairobi up to Ksh 20,000, none outside. */
function payOnDeliveryQuote(locationId: number, totalCents: number) {
  if (locationId === 4) {
    return {
      payOnDelivery: false,
      payOnDeliveryRefusal: 'Pay on delivery is not offered for Outside Nairobi. Please pay by M-Pesa or card.',
    };
  }
  return totalCents > 2_000_000
    ? {
        payOnDelivery: false,
        payOnDeliveryRefusal:
          'Pay on delivery is for orders up to Ksh 20,000.00. Please pay this one by M-Pesa or card.',
      }
    : { payOnDelivery: true, payOnDeliveryRefusal: null };
}

/**
 * A cart whose totals follow from its lines, with the quote the server would answer (Ksh 10,000 after the
 * discount ships free): a stand-in for the API, whose rules the server's own tests pin at their boundaries. The id
 * is the owner's (viewer-mocks' customer is '7').
 */
export function createCart(
  items: CartLine[] = [],
  ownerId = '7',
  discount: { code: string; cents: number; problem?: string | null } | null = null,
): CartContentsFragment {
  const subtotalCents = items.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const goodsCents = subtotalCents - (discount?.cents ?? 0);
  const freeDelivery = goodsCents >= 1_000_000;
  return {
    __typename: 'Cart',
    id: ownerId,
    items,
    totalQuantity: items.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    discountCode: discount?.code ?? null,
    discountCents: discount?.cents ?? 0,
    discountProblem: discount?.problem ?? null,
    discountedSubtotalCents: goodsCents,
    freeDelivery,
    freeDeliveryShortfallCents: freeDelivery ? 0 : 1_000_000 - goodsCents,
    deliveryQuotes: seededFees.map(([deliveryLocationId, feeCents]) => {
      const totalCents = goodsCents + (freeDelivery ? 0 : feeCents);
      return {
        __typename: 'CartDeliveryQuote' as const,
        deliveryLocationId,
        shippingFeeCents: freeDelivery ? 0 : feeCents,
        totalCents,
        ...payOnDeliveryQuote(deliveryLocationId, totalCents),
      };
    }),
  };
}

export function cartBadgeMock(
  totalQuantity: number,
  ownerId = '7',
  extra: Partial<MockLink.MockedResponse<CartBadgeQuery>> = {},
): MockLink.MockedResponse<CartBadgeQuery> {
  return {
    request: { query: CartBadgeDocument },
    result: { data: { cart: { __typename: 'Cart', id: ownerId, totalQuantity } } },
    ...extra,
  };
}

export function cartMock(
  cart: CartContentsFragment,
  extra: Partial<MockLink.MockedResponse<CartQuery>> = {},
): MockLink.MockedResponse<CartQuery> {
  return { request: { query: CartDocument }, result: { data: { cart } }, ...extra };
}

export function addToCartMock(
  productId: number,
  answer: { cart: CartContentsFragment } | { errors: { field: string; code: string; message: string }[] },
  variables: { quantity?: number; variantId?: number } = {},
): MockLink.MockedResponse<AddToCartMutation> {
  const cart = 'cart' in answer ? answer.cart : null;
  const errors =
    'errors' in answer ? answer.errors.map((error) => ({ __typename: 'FieldError' as const, ...error })) : [];
  return {
    request: { query: AddToCartDocument, variables: { productId, quantity: 1, ...variables } },
    result: { data: { addToCart: { __typename: 'CartPayload', cart, errors } } },
  };
}

/** The mini-cart drawer's delivery terms (the Ksh 10,000 threshold), asked for once when the first add starts. */
export function miniCartTermsMock(
  extra: Partial<MockLink.MockedResponse<MiniCartDeliveryTermsQuery>> = {},
): MockLink.MockedResponse<MiniCartDeliveryTermsQuery> {
  return { request: { query: MiniCartDeliveryTermsDocument }, result: { data: createDeliveryTerms() }, ...extra };
}

/** A cart mutation's payload: the cart, or the field errors that refused the change. */
export function cartPayload(
  cart: CartContentsFragment | null,
  errors: { field: string; code: string; message: string }[] = [],
) {
  return {
    __typename: 'CartPayload' as const,
    cart,
    errors: errors.map((error) => ({ __typename: 'FieldError' as const, ...error })),
  };
}
