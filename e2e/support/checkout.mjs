// The storefront's checkout as a shopper walks it on the built shop: a product into the cart, a delivery location
// chosen on /cart, the shipping step filled, a card payment on the Paystack stand-in's page.
import { escapeRegExp } from './browser.mjs';

/** One of the product in the cart, the location chosen on /cart, and the Shipping Information dialog open. */
export async function cartToShipping(page, { product, location }) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
  await page.getByRole('dialog', { name: 'Added to cart', exact: true }).waitFor();
  await page.goto('/cart');
  await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(location.name)}`) }).check();
  await page.getByRole('button', { name: 'Proceed to Checkout', exact: true }).click();
  const shipping = page.getByRole('dialog', { name: 'Shipping Information' });
  await shipping.waitFor();
  return shipping;
}

/** The fields a new shopper types (the name and e-mail come from the account). */
export async function fillAddress(shipping, { phone, address = 'Kindaruma Rd, Block C', city = 'Nairobi' }) {
  await shipping.getByLabel('Phone Number', { exact: true }).fill(phone);
  await shipping.getByLabel('Address', { exact: true }).fill(address);
  await shipping.getByLabel('City', { exact: true }).fill(city);
}

/** Continue to Payment, pay by card on the stand-in's page, and land on the thank-you page. */
export async function payByCard(page, shipping) {
  await shipping.getByRole('button', { name: 'Continue to Payment', exact: true }).click();
  const payment = page.getByRole('dialog', { name: 'Payment Method' });
  await payment.getByRole('radio', { name: 'Card', exact: true }).check();
  await payment.getByRole('button', { name: 'Pay Now', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/paystack-simulator/pay/'));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('heading', { name: 'Thank you for your purchase!', level: 1 }).waitFor();
}
