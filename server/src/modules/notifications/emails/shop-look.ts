/**
 * The shop's look and contact details for e-mails: the storefront's colours (the client's shared/ui/base.css) and
 * its contact details (the client's shared/shop-contact.ts; placeholders until the owner supplies them). The server
 * reads nothing of the client but its build (decision 0044), so these are a copy: change both together.
 */
export const shopColours = {
  text: '#1f1a17',
  muted: '#6b625c',
  accent: '#8a5a44',
  accentDark: '#6d4433',
  surface: '#ffffff',
  page: '#faf7f4',
  border: '#e6ded6',
} as const;

export const shopContact = {
  phoneDisplay: '+254 700 000 000',
  phoneHref: 'tel:+254700000000',
  whatsappDisplay: '+254 700 000 000',
  chatHref: 'https://wa.me/254700000000',
  email: 'support@manukato.co.ke',
} as const;
