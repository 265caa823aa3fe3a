/**
 * The shop's look and contact details for e-mails: colours from client/src/shared/ui/base.css and contacts from
 * client/src/shared/shop-contact.ts (placeholders until the owner supplies them; the server cannot import the
 * client, so keep both in step).
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
