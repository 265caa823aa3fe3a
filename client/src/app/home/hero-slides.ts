export const heroSlides = [
  {
    title: 'Discover Your Signature Scent',
    subtitle: 'Authentic perfumes for women and men, delivered across Kenya.',
    link: { to: '/new-arrivals', label: 'Shop New Arrivals' },
  },
  {
    title: 'Fragrances for Her',
    subtitle: 'Floral, fresh and oriental perfumes chosen for every occasion.',
    link: { to: '/category/for-women', label: 'Shop For Women' },
  },
  {
    title: 'Bold Scents for Him',
    subtitle: 'Woody, spicy and aquatic fragrances that last all day.',
    link: { to: '/category/for-men', label: 'Shop For Men' },
  },
  {
    title: 'Make Every Room Smell Beautiful',
    subtitle: 'Room sprays for your home and office, with same-day delivery in Nairobi CBD.',
    link: { to: '/category/room-sprays', label: 'Shop Room Sprays' },
  },
] as const;
