import { shopContact } from '../../../shared/shop-contact';

/**
 * "Ask on WhatsApp" (issue 26): a wa.me link to the shop's number with the product, the chosen size and its page
 * already typed, so the shopper only presses send. WhatsApp is where most buyers here ask before they pay.
 */
export function productWhatsAppHref(product: { name: string }, sizeLabel: string | null, url: string): string {
  const what = sizeLabel ? `${product.name} (${sizeLabel})` : product.name;
  return `${shopContact.chatHref}?text=${encodeURIComponent(`Hello Manukato, I have a question about ${what}: ${url}`)}`;
}
