import type { AdminOrdersQuery } from '../api/orders.generated';
import type { AdminProductFragment } from '../api/products.generated';

let nextId = 100;

/** A product as the admin queries select it, with __typename for Apollo's cache. */
export function createAdminProduct(overrides: Partial<AdminProductFragment> = {}): AdminProductFragment {
  const id = overrides.id ?? nextId++;
  return {
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
    ...overrides,
  };
}

type AdminOrder = AdminOrdersQuery['adminOrders']['orders'][number];

/** One paid, delivered order as the admin's order list selects it, with __typename for Apollo's cache. */
export function createAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    __typename: 'Order',
    id: '4b5c6d7e-1111-2222-3333-444444444444',
    createdAt: '2025-03-01T09:00:00.000Z',
    status: 'delivered',
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
    },
    orders,
  };
}
