import { paystackSignature } from '../src/modules/payments/paystack-client';
import { Product } from '../src/modules/catalog/product.entity';
import type { TestShop } from './test-shop';
import type { TestUser } from './users';

/** The spec's checkout form (POST /orders/create) filled in; a test overrides the fields it looks at. */
export const checkoutForm = {
  recipient_name: 'Achieng Odhiambo',
  recipient_email: 'achieng@example.co.ke',
  recipient_phone: '0712 345 678',
  shipping_address: 'Kenyatta Avenue',
  shipping_city: 'Nairobi',
  shipping_postal_code: '00100',
  delivery_location_id: 1,
};

/** An order as POST /orders/create answers it (the fields the tests read). */
export interface RestOrder {
  id: string;
  total_amount: number;
  items: { pid: string; quantity: string; unit_price: number }[];
}

/** Sets these products' stock behind the app's back, and tells the app, as an admin's edit would. */
export async function setStock(shop: TestShop, productIds: number[], quantity: number): Promise<void> {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productIds }, { quantity });
  await shop.catalogueChanged();
}

export async function stockOf(shop: TestShop, productId: number): Promise<number> {
  return (await shop.orm.em.fork().findOneOrFail(Product, { id: productId })).quantity;
}

/** Puts the lines in the user's cart through the real REST call. */
export async function fillCart(shop: TestShop, user: TestUser, lines: [productId: number, quantity: number][]) {
  for (const [productId, quantity] of lines) {
    await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: productId, quantity }).expect(201);
  }
}

/** Puts the lines in the user's cart, then checks out through the real REST calls. */
export async function placeOrderFor(
  shop: TestShop,
  user: TestUser,
  lines: [productId: number, quantity: number][],
  form: Record<string, unknown> = {},
): Promise<RestOrder> {
  await fillCart(shop, user, lines);
  const response = await shop.http
    .post('/api/orders/create')
    .set(user.auth)
    .send({ ...checkoutForm, ...form })
    .expect(201);
  return response.body.data.order;
}

/** POST /paystack/initialize for the user's order: the payment's reference and where to pay (Paystack or the stand-in). */
export async function startPayment(
  shop: TestShop,
  user: TestUser,
  orderId: string,
): Promise<{ reference: string; authorization_url: string }> {
  const response = await shop.http
    .post('/api/paystack/initialize')
    .set(user.auth)
    .send({ order_id: orderId })
    .expect(200);
  return response.body.data;
}

/**
 * Starts the payment and pays it on the shop's Paystack stand-in page, as a shopper's "Pay" does (the stand-in then
 * tells the shop by its webhook). Answers the payment's reference.
 */
export async function payOnStandIn(shop: TestShop, user: TestUser, orderId: string): Promise<string> {
  const payment = await startPayment(shop, user, orderId);
  await shop.http
    .post(new URL(payment.authorization_url).pathname)
    .type('form')
    .send({ outcome: 'success' })
    .expect(303);
  return payment.reference;
}

/** payWithMpesa's answer: the charge started, or why not. */
export interface MpesaPayAnswer {
  charge: { id: string; orderId: string; amountCents: number; displayText: string } | null;
  errors: { field: string; code: string; message: string }[];
}

const payWithMpesaMutation = `mutation ($orderId: ID!, $phone: String!) {
  payWithMpesa(orderId: $orderId, phone: $phone) {
    charge { id orderId amountCents displayText }
    errors { field code message }
  }
}`;

/** Prompts the phone through GraphQL, as the checkout does. */
export async function payWithMpesa(
  shop: TestShop,
  user: TestUser,
  orderId: string,
  phone: string,
): Promise<MpesaPayAnswer> {
  const answer = await shop.http
    .post('/graphql')
    .set(user.auth)
    .send({ query: payWithMpesaMutation, variables: { orderId, phone } })
    .expect(200);
  return answer.body.data.payWithMpesa;
}

/** How many prompts wait on a phone of the stand-in, as its phone page lists them (up to its page of 20). */
export async function promptsOn(shop: TestShop, phone: string): Promise<number> {
  const page = await shop.http.get(`/paystack-simulator/phone?number=${encodeURIComponent(phone)}`).expect(200);
  return page.text.match(/reference MK-/g)?.length ?? 0;
}

/** A Paystack event to the webhook as Paystack sends it, signed with the secret key unless a signature is given. */
export function sendPaystackEvent(shop: TestShop, secretKey: string, event: unknown, signature?: string) {
  const raw = JSON.stringify(event);
  return shop.http
    .post('/api/paystack/webhook')
    .set('content-type', 'application/json')
    .set('x-paystack-signature', signature ?? paystackSignature(secretKey, raw))
    .send(raw);
}
