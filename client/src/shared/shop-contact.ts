// The spec names a support phone, chat and e-mail in the footer but omits the values.
// PLACEHOLDERS until the shop owner supplies the real ones; kept here so one edit updates every screen.
export const shopContact = {
  phoneDisplay: '+254 700 000 000',
  phoneHref: 'tel:+254700000000',
  whatsappDisplay: '+254 700 000 000',
  chatHref: 'https://wa.me/254700000000',
  email: 'support@manukato.co.ke',
  hours: ['Monday to Friday: 9:00 AM – 6:00 PM', 'Saturday: 10:00 AM – 4:00 PM', 'Sunday and public holidays: closed'],
} as const;
