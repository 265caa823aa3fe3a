import type { AdminOrdersQuery } from '../api/orders.generated';
import type { AdminProductFragment } from '../api/products.generated';

let nextId = 100;

type AdminSize = AdminProductFragment['variants'][number];

/** A size as the admin queries select it; by default a stated-nothing size like a product migrated from before sizes. */
export function createAdminSize(overrides: Partial<AdminSize> = {}): AdminSize {
  const id = overrides.id ?? nextId++;
  const quantity = overrides.quantity ?? 12;
  return {
    __typename: 'ProductVariant',
    id,
    sizeMl: null,
    concentration: null,
    isSample: false,
    sku: `MK-${id}`,
    label: '',
    priceCents: 450_000,
    salePriceCents: null,
    onSale: false,
    inStock: quantity > 0,
    ...overrides,
    quantity,
  };
}

/**
 * A product as the admin queries select it, with __typename for Apollo's cache. Without `variants`, one size with
 * the product's own price and quantity (the spec's fields are the default size's).
 */
export function createAdminProduct(overrides: Partial<AdminProductFragment> = {}): AdminProductFragment {
  const id = overrides.id ?? nextId++;
  const product: AdminProductFragment = {
    __typename: 'Product',
    id,
    name: `Oud Nights ${id}`,
    description: 'Warm oud with amber.',
    category: 'FOR MEN',
    categories: [{ __typename: 'Category', id: 1, name: 'FOR MEN' }],
    priceCents: 450_000,
    salePriceCents: null,
    onSale: false,
    quantity: 12,
    inStock: true,
    images: [{ __typename: 'ProductImage', id: '1', url: '/uploads/oud.webp' }],
    scentFamily: null,
    forWhom: null,
    notesTop: [],
    notesHeart: [],
    notesBase: [],
    variants: [],
    ...overrides,
  };
  if (!overrides.variants) {
    const { priceCents, salePriceCents, onSale, quantity } = product;
    product.variants = [
      createAdminSize({ id: 50_000 + id, priceCents, salePriceCents, onSale, quantity, inStock: quantity > 0 }),
    ];
  }
  return product;
}

type AdminOrder = AdminOrdersQuery['adminOrders']['orders'][number];

/** One paid, delivered order as the admin's order list selects it, with __typename for Apollo's cache. */
export function createAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    __typename: 'Order',
    id: '4b5c6d7e-1111-2222-3333-444444444444',
    createdAt: '2025-03-01T09:00:00.000Z',
    status: 'delivered',
    fulfilmentStage: 'delivered',
    stageLabel: 'Delivered',
    riderName: null,
    riderPhone: null,
    courierName: null,
    trackingNumber: null,
    nextAttemptOn: null,
    paymentMethod: 'mpesa',
    paymentStatus: 'completed',
    paymentState: 'paid',
    refundedCents: 0,
    refundNeededCents: 0,
    recipientName: 'Akinyi Otieno',
    recipientEmail: 'akinyi@example.co.ke',
    recipientPhone: '+254712345678',
    shippingCity: 'Nairobi',
    discountCode: null,
    discountCents: 0,
    totalCents: 895_000,
    cashReceivedAt: null,
    cashReceivedBy: null,
    items: [{ __typename: 'OrderItem', id: 1, name: 'Cedar Ridge Eau de Toilette 50ml', sizeLabel: '', quantity: 2 }],
    ...overrides,
  };
}

/** The admin's order list holding the given orders, its stats counted from them. */
export function createAdminOrderList(orders: AdminOrder[]): AdminOrdersQuery['adminOrders'] {
  const count = (status: string) => orders.filter((order) => order.status === status).length;
  return {
    __typename: 'AdminOrderList',
    totalCount: orders.length,
    stats: {
      __typename: 'OrderStats',
      total: orders.length,
      pending: count('pending'),
      delivered: count('delivered'),
      cancelled: count('cancelled'),
      totalSalesCents: orders.reduce((sum, order) => sum + order.totalCents, 0),
      toCollect: orders.filter((order) => order.paymentState === 'to_collect').length,
      toCollectCents: orders
        .filter((order) => order.paymentState === 'to_collect')
        .reduce((sum, order) => sum + order.totalCents, 0),
    },
    orders,
  };
}
