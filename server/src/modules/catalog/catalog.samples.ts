/**
 * The spec's built-in list of 19 sample perfumes, seeded on first start. Prices are whole
 * shillings here and stored as cents. Colours drive the locally drawn sample images.
 */
export interface SampleProduct {
  name: string;
  categories: string[];
  description: string;
  priceKes: number;
  salePriceKes?: number;
  quantity: number;
  colour: string;
  imageCount: number;
}

export const sampleCategories = [
  {
    name: 'FOR MEN',
    slug: 'for-men',
    aliases: [],
    colour: '#3d5a40',
    description: 'Woody, fresh and spicy fragrances for him.',
  },
  {
    name: 'FOR WOMEN',
    slug: 'for-women',
    aliases: [],
    colour: '#c0587e',
    description: 'Floral, fruity and oriental scents for her.',
  },
  {
    name: 'FOR CHILDREN',
    slug: 'for-children',
    aliases: ['kids'],
    colour: '#7bc950',
    description: 'Gentle, playful splashes and mists for little ones.',
  },
  {
    name: 'ROOM SPRAYS',
    slug: 'room-sprays',
    aliases: ['room'],
    colour: '#9b8ec4',
    description: 'Freshen every room of your home in seconds.',
  },
  {
    name: 'UNISEX',
    slug: 'unisex',
    aliases: [],
    colour: '#b5651d',
    description: 'Fragrances made to be shared by everyone.',
  },
] as const;

export function categoryImageName(slug: string): string {
  return `category-${slug}.webp`;
}

export const sampleProducts: SampleProduct[] = [
  {
    name: 'Oud Savanna Eau de Parfum 100ml',
    categories: ['FOR MEN'],
    priceKes: 8500,
    salePriceKes: 7200,
    quantity: 14,
    colour: '#6b3e26',
    imageCount: 3,
    description:
      'A warm, smoky oud softened with amber and a whisper of Kenyan tea leaf. Long-lasting for evenings out.',
  },
  {
    name: 'Cedar Ridge Eau de Toilette 50ml',
    categories: ['FOR MEN'],
    priceKes: 4200,
    quantity: 22,
    colour: '#3d5a40',
    imageCount: 2,
    description: 'Fresh cedarwood and bergamot over a clean vetiver base; an easy everyday scent for the office.',
  },
  {
    name: 'Night Market Intense 100ml',
    categories: ['FOR MEN'],
    priceKes: 11800,
    quantity: 0,
    colour: '#1f2a44',
    imageCount: 1,
    description: 'Black pepper, leather and tonka bean. Bold and intense, made for late nights.',
  },
  {
    name: 'Marine Drive Cologne 75ml',
    categories: ['FOR MEN'],
    priceKes: 3600,
    salePriceKes: 2900,
    quantity: 9,
    colour: '#2e86ab',
    imageCount: 2,
    description: 'Sea salt, grapefruit and mint: a bright coastal cologne inspired by Mombasa mornings.',
  },
  {
    name: 'Rose de Nairobi Eau de Parfum 100ml',
    categories: ['FOR WOMEN'],
    priceKes: 9200,
    salePriceKes: 7900,
    quantity: 11,
    colour: '#c0587e',
    imageCount: 3,
    description: 'Velvety Naivasha rose with lychee and white musk. Romantic, modern and feminine.',
  },
  {
    name: 'Jasmine Dusk Eau de Parfum 50ml',
    categories: ['FOR WOMEN'],
    priceKes: 6400,
    quantity: 17,
    colour: '#e0b84c',
    imageCount: 2,
    description: 'Night-blooming jasmine and orange blossom over sandalwood. A soft floral trail.',
  },
  {
    name: 'Velvet Orchid Elixir 80ml',
    categories: ['FOR WOMEN'],
    priceKes: 13500,
    quantity: 6,
    colour: '#5b2a86',
    imageCount: 2,
    description: 'Rich orchid, plum and vanilla absolute. An opulent evening fragrance.',
  },
  {
    name: 'Petal Breeze Eau de Toilette 100ml',
    categories: ['FOR WOMEN'],
    priceKes: 3900,
    quantity: 0,
    colour: '#f4a6b7',
    imageCount: 1,
    description: 'Light peony and pear with a clean musky finish; fresh enough for warm days.',
  },
  {
    name: 'Golden Hour Body Mist 250ml',
    categories: ['FOR WOMEN'],
    priceKes: 2200,
    salePriceKes: 1800,
    quantity: 30,
    colour: '#f2a541',
    imageCount: 1,
    description: 'A sheer mist of peach, coconut and sun-warmed amber to layer or wear alone.',
  },
  {
    name: 'Little Explorer Splash 100ml',
    categories: ['FOR CHILDREN'],
    priceKes: 1800,
    quantity: 25,
    colour: '#7bc950',
    imageCount: 2,
    description: 'A gentle, alcohol-free splash of green apple and soft cotton for children.',
  },
  {
    name: 'Bubblegum Dreams Mist 150ml',
    categories: ['FOR CHILDREN'],
    priceKes: 1500,
    quantity: 12,
    colour: '#ff8fab',
    imageCount: 1,
    description: 'Sweet strawberry and candy floss in a light, skin-friendly mist for little ones.',
  },
  {
    name: 'Safari Kids Cologne 50ml',
    categories: ['FOR CHILDREN'],
    priceKes: 1650,
    salePriceKes: 1350,
    quantity: 8,
    colour: '#f7c548',
    imageCount: 1,
    description: 'Mild mandarin and chamomile: a playful first cologne, dermatologically tested.',
  },
  {
    name: 'Lavender Calm Room Spray 300ml',
    categories: ['ROOM SPRAYS'],
    priceKes: 1900,
    quantity: 40,
    colour: '#9b8ec4',
    imageCount: 2,
    description: 'Lavender and eucalyptus to freshen bedrooms and living spaces in seconds.',
  },
  {
    name: 'Citrus Grove Room Spray 300ml',
    categories: ['ROOM SPRAYS'],
    priceKes: 1700,
    salePriceKes: 1400,
    quantity: 35,
    colour: '#f9a03f',
    imageCount: 1,
    description: 'Zesty orange, lemon and lemongrass that lift any room; great for kitchens.',
  },
  {
    name: 'Sandalwood Home Mist 250ml',
    categories: ['ROOM SPRAYS'],
    priceKes: 2400,
    quantity: 0,
    colour: '#a47148',
    imageCount: 1,
    description: 'Creamy sandalwood and cedar for a warm, welcoming home.',
  },
  {
    name: 'Amber Nights Eau de Parfum 100ml',
    categories: ['FOR MEN', 'FOR WOMEN'],
    priceKes: 10500,
    salePriceKes: 8900,
    quantity: 10,
    colour: '#b5651d',
    imageCount: 3,
    description: 'Amber, saffron and rosewood: a shared fragrance loved by both men and women.',
  },
  {
    name: 'Green Tea & Fig Eau de Toilette 100ml',
    categories: ['UNISEX'],
    priceKes: 5200,
    quantity: 19,
    colour: '#8db580',
    imageCount: 2,
    description: 'Green tea, fig leaf and white cedar. Crisp, calm and genderless.',
  },
  {
    name: 'Vetiver Noir Extrait 50ml',
    categories: ['UNISEX'],
    priceKes: 14900,
    quantity: 4,
    colour: '#2b2d42',
    imageCount: 2,
    description: 'Smoky vetiver, incense and black cardamom in a concentrated extrait.',
  },
  {
    name: 'Coconut Coast Eau de Toilette 100ml',
    categories: ['UNISEX'],
    priceKes: 4600,
    salePriceKes: 3900,
    quantity: 15,
    colour: '#e9d8a6',
    imageCount: 1,
    description: 'Coconut water, sea breeze and driftwood: a relaxed beach scent from Diani.',
  },
];

export const sampleDeliveryLocations = [
  { name: 'CBD collection point at a mall', feeKes: 120, deliveryTime: '1-3 business days' },
  { name: 'Doorstep: Kilimani, Kileleshwa, Lavington', feeKes: 200, deliveryTime: '1-3 business days' },
  {
    name: 'Doorstep: South B, South C, Upperhill, Nairobi West, Madaraka',
    feeKes: 250,
    deliveryTime: '1-3 business days',
  },
  { name: 'Outside Nairobi', feeKes: 550, deliveryTime: '3-5 business days' },
] as const;
