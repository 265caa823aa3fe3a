import { shopContact } from '../../../shared/shop-contact';

/** The Email button's mailto link: the product's name and page, ready to send. */
export function productEmailHref(product: { name: string }, url: string): string {
  const subject = `Inquiry about ${product.name}`;
  // CRLF: RFC 6068 line breaks in a mailto body.
  const body = `Hello Manukato,\r\n\r\nI would like to know more about ${product.name}:\r\n${url}\r\n\r\nThank you.`;
  return `mailto:${shopContact.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
