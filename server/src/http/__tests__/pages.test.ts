import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { Category } from '../../modules/catalog/category.entity';
import { Product, ProductImage } from '../../modules/catalog/product.entity';
import { Concentration, ProductVariant } from '../../modules/catalog/product-variant.entity';
import { writeClientDist } from '../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser } from '../../../test/users';

let shop: TestShop;
let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
beforeAll(async () => {
  clientDist = await writeClientDist({
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor.js' },
      '_card.js': { file: 'assets/card.js' },
      'src/app/pages/product-route.tsx': {
        file: 'assets/product-page.js',
        imports: ['_vendor.js', '_card.js'],
        css: ['assets/product-page.css'],
      },
    }),
  });
  shop = await startTestShop({
    env: {
      CLIENT_DIST: clientDist.dir,
      PUBLIC_URL: 'https://manukato.example',
      PRICE_VALID_UNTIL: '2026-12-31',
      // A shop with real payments: no test-mode notice or config in these pages (test-mode-notice.test.ts has them).
      PAYSTACK_SECRET_KEY: 'sk_test_pages_never_called',
    },
  });
});
afterAll(async () => {
  await shop.close();
  await clientDist?.remove();
});

async function page(route: string) {
  return shop.http.get(route).set('accept', 'text/html');
}

/** The offer of a product's default size: a plain Product's own, or a ProductGroup's first variant's. */
function defaultOffer(product: Record<string, unknown> | undefined): unknown {
  const variants = product?.hasVariant as { offers?: unknown }[] | undefined;
  return variants ? variants[0]?.offers : product?.offers;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json" data-ssr>([\s\S]*?)<\/script>/g)].map(
    ([, json = '']) => JSON.parse(json),
  );
}

describe('product pages', () => {
  it('carry title, description, Open Graph, Twitter, a canonical link and JSON-LD without JavaScript', async () => {
    const response = await page('/product/1');
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('<title data-ssr>Oud Savanna Eau de Parfum | Manukato</title>');
    expect(html).not.toContain('<title>Manukato</title>');
    expect(html).not.toContain('content="default"');
    expect(html).toContain('<meta property="og:type" content="product" data-ssr>');
    expect(html).toContain(
      '<meta property="og:image" content="https://manukato.example/uploads/sample-01-1.webp" data-ssr>',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" data-ssr>');
    expect(html).toContain('<link rel="canonical" href="https://manukato.example/product/1" data-ssr>');
    const [product, breadcrumbs] = jsonLd(html);
    // Oud Savanna sells in sizes: a ProductGroup whose first variant is the default size.
    expect(product).toMatchObject({ '@type': 'ProductGroup', name: 'Oud Savanna Eau de Parfum' });
    expect(defaultOffer(product)).toMatchObject({
      priceCurrency: 'KES',
      price: '7200.00',
      priceValidUntil: '2026-12-31',
      availability: 'https://schema.org/InStock',
      shippingDetails: { shippingRate: { value: '120.00', currency: 'KES' } },
    });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home' },
        { name: 'For Men', item: 'https://manukato.example/category/for-men' },
        { position: 3 },
      ],
    });
  });

  it.each([
    // Ksh 7,200 on sale: the cheapest stored location's fee and time (CBD collection point, 1-3 business days).
    [1, '120.00'],
    // Ksh 10,500 marked down to 8,900: the price paid decides, as at checkout.
    [16, '120.00'],
    // Ksh 11,800: one alone reaches the Ksh 10,000 of goods that ship free.
    [3, '0.00'],
  ])('promises in shippingDetails what checkout charges for product %i: Ksh %s', async (id, rate) => {
    const [product] = jsonLd((await page(`/product/${id}`)).text);
    expect(defaultOffer(product)).toMatchObject({
      shippingDetails: {
        shippingRate: { '@type': 'MonetaryAmount', value: rate, currency: 'KES' },
        deliveryTime: {
          handlingTime: { minValue: 0, maxValue: 0, unitCode: 'DAY' },
          transitTime: { minValue: 1, maxValue: 3, unitCode: 'DAY' },
        },
      },
    });
  });

  it("preloads the route's chunk and what it imports, not what the entry already loads", async () => {
    const html = (await page('/product/2')).text;
    // Behind the LCP image and the stylesheets: the first paint in the HTML does not wait for the scripts.
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/product-page.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/card.js">');
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/main.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/product-page.css">');
    expect(html).not.toContain('href="/assets/vendor.js"');
    // The LCP image comes with the HTML, with the same srcset and sizes as the page's <img>.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/sample-02-1.webp" imagesrcset="/uploads/sample-02-1-320.webp 320w, /uploads/sample-02-1-640.webp 640w, /uploads/sample-02-1.webp 1280w" imagesizes="(max-width: 767px) 100vw, 560px" fetchpriority="high">',
    );
  });

  it('draws the first screen in the HTML: header links, the main image at its srcset, name and price', async () => {
    const html = (await page('/product/2')).text;
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)![1];
    for (const link of ['/', '/category/for-women', '/category/for-men', '/category/kids', '/category/room']) {
      expect(root).toContain(`<li><a href="${link}">`);
    }
    expect(root).toContain(
      '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol><li><a href="/">Home</a></li><li><a href="/category/for-men">For Men</a></li><li><a href="/product/2" aria-current="page">Cedar Ridge Eau de Toilette</a></li></ol></nav>',
    );
    expect(root).toContain('<h1 class="product-detail__name">Cedar Ridge Eau de Toilette</h1>');
    expect(root).toContain('<p class="product-price product-price--large">Ksh 4,200.00</p>');
    expect(root).toContain(
      '<img src="/uploads/sample-02-1.webp" srcset="/uploads/sample-02-1-320.webp 320w, /uploads/sample-02-1-640.webp 640w, /uploads/sample-02-1.webp 1280w" sizes="(max-width: 767px) 100vw, 560px" width="1280" height="1280"',
    );
  });

  it('draws the category title and its first product, and the home page its first category card', async () => {
    const category = (await page('/category/for-women')).text;
    expect(category).toContain(
      '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol><li><a href="/">Home</a></li><li><a href="/category/for-women" aria-current="page">For Women</a></li></ol></nav>',
    );
    expect(category).toContain('<h1 class="catalog-page__title">FOR WOMEN</h1>');
    // Under the title, as the client draws them (so the grid does not move down when the app takes over): the
    // category's description and the count of the unfiltered list.
    expect(category).toMatch(
      /<h1 class="catalog-page__title">FOR WOMEN<\/h1><p class="catalog-page__intro">[^<]+<\/p><p class="catalog-page__count">\d+ products<\/p><\/header>/,
    );
    expect(category).toMatch(/<article class="product-card">[\s\S]*?<img src="\/uploads\/sample-/);
    // A filtered list's count is the client's to draw: the first paint does not guess it.
    expect((await page('/category/for-women?availability=in-stock')).text).not.toContain('catalog-page__count');
    const home = (await page('/')).text;
    expect(home).toMatch(
      /<a href="\/category\/for-women" class="category-card"><img src="\/uploads\/category-for-women/,
    );
  });

  it.each(['/', '/category/for-women', '/product/2'])(
    "%s: the first paint's headings go down one level at a time (h1, h2, h3), as the client's render does",
    async (route) => {
      const html = (await page(route)).text;
      const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
      expect(levels[0]).toBe(1);
      levels.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual((levels[index] ?? 0) + 1));
      if (route !== '/product/2') expect(levels).toContain(3);
    },
  );

  it('leaves the admin area without the storefront header', async () => {
    const html = (await page('/oxalis')).text;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
  });

  it("embeds the page's first query result with __typename for Apollo's cache", async () => {
    const html = (await page('/product/3')).text;
    const data = JSON.parse(
      /<script id="__APOLLO_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '',
    );
    expect(data).toEqual([
      expect.objectContaining({
        operationName: 'ProductPage',
        variables: { id: 3 },
        data: expect.objectContaining({
          product: expect.objectContaining({ __typename: 'Product', id: 3, name: 'Night Market Intense' }),
          // The page's delivery promises and related products come with it: no second request, no late shift.
          freeDeliveryFromCents: 1_000_000,
          deliveryLocations: expect.arrayContaining([expect.objectContaining({ __typename: 'DeliveryLocation' })]),
          relatedProducts: expect.any(Array),
        }),
      }),
      // The reviews section's first page, with the variables the client asks with (reviews-constants.ts).
      expect.objectContaining({
        operationName: 'ProductReviews',
        variables: { productId: 3, limit: 5, offset: 0 },
        data: {
          product: expect.objectContaining({ __typename: 'Product', id: 3, reviewSummary: expect.anything() }),
          productReviews: [],
        },
      }),
      // A request with no session is nobody's: the header starts signed out without asking.
      { operationName: 'Viewer', variables: {}, data: { me: null } },
    ]);
  });

  it('leaves who is signed in for the client to ask when the request carries a session', async () => {
    const embedded = (html: string) =>
      JSON.parse(/<script id="__APOLLO_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '[]');
    const shopper = await createSignedInUser(shop);
    for (const request of [
      shop.http.get('/product/3').set('accept', 'text/html').set(shopper.auth),
      shop.http.get('/product/3').set('accept', 'text/html').set('cookie', `session=${shopper.token}`),
    ]) {
      const names = embedded((await request).text).map((entry: { operationName: string }) => entry.operationName);
      expect(names).toEqual(['ProductPage', 'ProductReviews']);
    }
  });

  it('keeps a hostile product name inert in the title, meta tags, JSON-LD and embedded data', async () => {
    const hostile = '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const em = shop.orm.em.fork();
    const product = await em.findOneOrFail(Product, { id: 4 });
    product.name = hostile;
    await em.flush();
    await shop.catalogueChanged();
    const html = (await page('/product/4')).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(jsonLd(html)[0]?.name).toBe(hostile);
    // Every <script> that opens is one we wrote: the name never opens or closes one.
    expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    // Two JSON-LD, the first-screen data, the run-time config, the entry module.
    expect(html.match(/<script/g)?.length).toBe(5);
    expect(html).toContain('<script id="__MANUKATO_CONFIG__" type="application/json">{}</script>');
  });

  it('answers 404 with noindex for an unknown product', async () => {
    const response = await page('/product/999999');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<meta name="robots" content="noindex" data-ssr>');
  });

  it("rates a product from its own reviews only, never the shop's (issue 13, item 5)", async () => {
    await shop.http
      .post('/api/reviews/add')
      .send({ name: 'Njeri', rating: 5, title: 'Good shop', fullReview: 'Quick delivery.' })
      .expect(201);
    expect(jsonLd((await page('/product/5')).text)[0]).not.toHaveProperty('aggregateRating');
    await shop.http
      .post('/api/reviews/add')
      .send({ name: 'Njeri', rating: 4, title: 'Good', fullReview: 'Lovely.', productId: 5 })
      .expect(201);
    const [product] = jsonLd((await page('/product/5')).text);
    expect(product?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe('other pages', () => {
  it('gives category pages a breadcrumb and the canonical slug for an alias', async () => {
    const html = (await page('/category/kids')).text;
    expect(html).toContain('<title data-ssr>For Children perfumes | Manukato</title>');
    expect(html).toContain('<link rel="canonical" href="https://manukato.example/category/for-children" data-ssr>');
    expect(jsonLd(html)[0]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: 'Home' }, { name: 'For Children' }],
    });
  });

  it.each(['/', '/new-arrivals', '/returns', '/shipping', '/contact', '/category/for-women'])(
    '%s is indexable with a description',
    async (route) => {
      const html = (await page(route)).text;
      expect(html).not.toContain('noindex');
      expect(html).toMatch(/<meta name="description" content="[^"]{30,}" data-ssr>/);
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta name="keywords"');
    },
  );

  it.each([
    '/oxalis',
    '/oxalis/orders',
    '/account',
    '/login',
    '/register',
    '/forgot-password',
    '/verify-otp',
    '/my-orders',
    '/cart',
  ])('%s is marked noindex', async (route) => {
    const response = await page(route);
    expect(response.status).toBe(200);
    expect(response.text).toContain('<meta name="robots" content="noindex" data-ssr>');
  });

  it('answers /search as a page with its query in one title, inert, marked noindex and left out of the sitemap', async () => {
    const response = await page('/search?q=%3Cb%3Eoud%3C%2Fb%3E');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<meta name="robots" content="noindex" data-ssr>');
    expect(response.text.match(/<title[^>]*>([^<]*)<\/title>/g)).toEqual([
      '<title data-ssr>Search results for “&lt;b&gt;oud&lt;/b&gt;” | Manukato</title>',
    ]);
    expect(response.text).not.toContain('<b>oud');
    expect((await page('/search')).text).toContain('<title data-ssr>Search | Manukato</title>');
    const sitemap = await shop.http.get('/sitemap-pages.xml').expect(200);
    expect(sitemap.text).not.toContain('/search');
  });

  it('lists home, categories, new arrivals, static pages and every product in the sitemap', async () => {
    const locationsIn = async (path: string) => {
      const response = await shop.http.get(path).expect(200).expect('content-type', /xml/);
      return [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location = '']) =>
        location.replace('https://manukato.example', ''),
      );
    };
    expect(await locationsIn('/sitemap.xml')).toEqual(['/sitemap-pages.xml', '/sitemap-products-1.xml']);
    expect(await locationsIn('/sitemap-pages.xml')).toEqual(
      expect.arrayContaining(['/', '/new-arrivals', '/returns', '/shipping', '/contact', '/category/for-children']),
    );
    const products = await locationsIn('/sitemap-products-1.xml');
    expect(products).toContain('/product/19');
    expect(products).toHaveLength(19);
    const robots = await shop.http.get('/robots.txt').expect(200);
    expect(robots.text).toContain('Sitemap: https://manukato.example/sitemap.xml');
    expect(robots.text).toContain('Disallow: /oxalis');
  });
});

describe('a product in sizes', () => {
  /** Google's product variants: what each variant and its offer must carry to be eligible. */
  const requiredOfVariant = ['@type', 'name', 'sku', 'size', 'image', 'url', 'offers'];
  const requiredOfOffer = ['@type', 'url', 'price', 'priceCurrency', 'availability', 'itemCondition'];

  async function productInSizes() {
    const em = shop.orm.em.fork();
    const category = await em.findOneOrFail(Category, { slug: 'for-women' });
    const product = em.create(Product, { name: 'Amber Dusk', description: 'Warm amber.', priceCents: 150_000 });
    product.categories.add(category);
    // The default size first; its columns become the product's (migration 0024's triggers).
    const bottle = em.create(ProductVariant, {
      product,
      position: 0,
      sizeMl: 100,
      concentration: Concentration.EAU_DE_PARFUM,
      sku: 'AD-100',
      priceCents: 1_200_000,
      salePriceCents: 950_000,
      onSale: true,
      quantity: 4,
    });
    const half = em.create(ProductVariant, {
      product,
      position: 1,
      sizeMl: 50,
      concentration: Concentration.EAU_DE_PARFUM,
      sku: 'AD-50',
      priceCents: 700_000,
      // A sale price without the sale: the regular price is charged.
      salePriceCents: 500_000,
      quantity: 2,
    });
    const decant = em.create(ProductVariant, {
      product,
      position: 2,
      sizeMl: 5,
      concentration: Concentration.EAU_DE_PARFUM,
      isSample: true,
      priceCents: 90_000,
      quantity: 0,
    });
    em.create(ProductImage, { product, fileName: 'amber-dusk.webp', position: 0, width: 1280, height: 1280 });
    em.create(ProductImage, {
      product,
      fileName: 'amber-dusk-decant.webp',
      position: 1,
      width: 1280,
      height: 1280,
      variant: decant,
    });
    await em.flush();
    await shop.catalogueChanged();
    return { product, bottle, half, decant };
  }

  let sized: Awaited<ReturnType<typeof productInSizes>>;
  beforeAll(async () => {
    sized = await productInSizes();
  });

  it('publishes a ProductGroup with one Product and Offer per size, at the prices checkout charges', async () => {
    const { product, bottle, half, decant } = sized;
    const url = `https://manukato.example/product/${product.id}`;
    const [group, breadcrumbs] = jsonLd((await page(`/product/${product.id}`)).text);
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Amber Dusk',
      url,
      productGroupID: `MK-${String(product.id).padStart(4, '0')}`,
      variesBy: ['https://schema.org/size'],
    });
    // The group sells nothing itself: its sizes do.
    expect(group).not.toHaveProperty('offers');
    const variants = group?.hasVariant as Record<string, unknown>[];
    expect(variants).toHaveLength(3);
    for (const variant of variants) {
      for (const property of requiredOfVariant) expect(variant).toHaveProperty(property);
      for (const property of requiredOfOffer) expect(variant.offers).toHaveProperty(property);
    }
    expect(variants).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'Amber Dusk – 100 ml · Eau de Parfum',
        sku: 'AD-100',
        size: '100 ml · Eau de Parfum',
        url: `${url}?size=${bottle.id}`,
        image: [
          'https://manukato.example/uploads/amber-dusk.webp',
          'https://manukato.example/uploads/amber-dusk-decant.webp',
        ],
        offers: expect.objectContaining({
          '@type': 'Offer',
          url: `${url}?size=${bottle.id}`,
          // On sale: the sale price, which is what checkout charges; Ksh 9,500 ships at the cheapest fee.
          price: '9500.00',
          priceCurrency: 'KES',
          priceValidUntil: '2026-12-31',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
          shippingDetails: expect.objectContaining({ shippingRate: expect.objectContaining({ value: '120.00' }) }),
        }),
      }),
      expect.objectContaining({
        name: 'Amber Dusk – 50 ml · Eau de Parfum',
        sku: 'AD-50',
        url: `${url}?size=${half.id}`,
        offers: expect.objectContaining({ price: '7000.00', availability: 'https://schema.org/InStock' }),
      }),
      expect.objectContaining({
        name: 'Amber Dusk – 5 ml decant · Eau de Parfum',
        // No SKU of its own: the product's with the size's id.
        sku: `MK-${String(product.id).padStart(4, '0')}-${decant.id}`,
        size: '5 ml decant · Eau de Parfum',
        // Its own image when it has one.
        image: ['https://manukato.example/uploads/amber-dusk-decant.webp'],
        offers: expect.objectContaining({ price: '900.00', availability: 'https://schema.org/OutOfStock' }),
      }),
    ]);
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it("draws the first paint at the size the URL names: its price and its own image, the canonical link the product's", async () => {
    const { product, decant } = sized;
    const first = (await page(`/product/${product.id}`)).text;
    expect(first).toContain('<p class="product-price product-price--large">Ksh 9,500.00</p>');
    expect(first).toContain('<link rel="preload" as="image" href="/uploads/amber-dusk.webp"');
    const chosen = (await page(`/product/${product.id}?size=${decant.id}`)).text;
    expect(chosen).toContain('<p class="product-price product-price--large">Ksh 900.00</p>');
    expect(chosen).toContain('<link rel="preload" as="image" href="/uploads/amber-dusk-decant.webp"');
    expect(chosen).toContain(`<link rel="canonical" href="https://manukato.example/product/${product.id}" data-ssr>`);
    // A size of another product, or none at all: the default's.
    for (const size of ['1', 'x', '']) {
      expect((await page(`/product/${product.id}?size=${size}`)).text).toContain(
        '<p class="product-price product-price--large">Ksh 9,500.00</p>',
      );
    }
  });

  it('keeps a one-size product a plain Product, and the sitemap one URL per product whatever its sizes', async () => {
    // Night Market Intense sells in one size.
    const [plain] = jsonLd((await page('/product/3')).text);
    expect(plain).toMatchObject({ '@type': 'Product', sku: 'MK-0003', offers: { '@type': 'Offer' } });
    expect(plain).not.toHaveProperty('hasVariant');
    const sitemap = (await shop.http.get('/sitemap-products-1.xml').expect(200)).text;
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location = '']) => location);
    expect(locations.filter((location) => location.endsWith(`/product/${sized.product.id}`))).toHaveLength(1);
    expect(locations.filter((location) => location.includes('size'))).toEqual([]);
  });
});

describe('response cache', () => {
  const productsUrl = `/graphql?query=${encodeURIComponent('{ products(limit: 3) { id name } }')}`;

  it('answers a repeated public GraphQL GET from memory, with an ETag a browser can revalidate', async () => {
    await shop.catalogueChanged();
    // Kept from its second request on (decision 0071), answered from memory from the third.
    const first = await shop.http.get(productsUrl).set('apollo-require-preflight', 'true').expect(200);
    expect(first.headers['x-cache']).toBeUndefined();
    await shop.http.get(productsUrl).set('apollo-require-preflight', 'true').expect(200);
    const second = await shop.http.get(productsUrl).set('apollo-require-preflight', 'true').expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers['cache-control']).toBe('public, no-cache');
    const statements = await shop.statements.measure(() =>
      shop.http
        .get(productsUrl)
        .set('apollo-require-preflight', 'true')
        .set('if-none-match', second.headers.etag ?? '')
        .expect(304),
    );
    expect(statements.statements).toBe(0);
  });

  it('keeps an answer from its second request on, so cache-busting query strings fill nothing', async () => {
    await shop.catalogueChanged();
    for (let index = 0; index < 100; index += 1) {
      await shop.http.get(`/api/products/list?limit=3&utm=${index}`).expect(200);
      expect((await page(`/product/1?ref=${index}`)).status).toBe(200);
      await shop.http.get(`${productsUrl}&bust=${index}`).set('apollo-require-preflight', 'true').expect(200);
    }
    expect(shop.responseCache.size).toBe(0);
    expect(shop.responseCache.calculatedBytes).toBe(0);
    const url = '/api/products/list?limit=3&utm=newsletter';
    expect((await shop.http.get(url).expect(200)).headers['x-cache']).toBeUndefined();
    expect((await shop.http.get(url).expect(200)).headers['x-cache']).toBeUndefined();
    expect((await shop.http.get(url).expect(200)).headers['x-cache']).toBe('HIT');
    expect(shop.responseCache.size).toBe(1);
  });

  it('serves cache hits compressed for clients that accept it, the same bytes once decoded', async () => {
    const url = `/graphql?query=${encodeURIComponent('{ products { id name description } }')}`;
    await shop.http.get(url).set('apollo-require-preflight', 'true').expect(200);
    const plain = await shop.http
      .get(url)
      .set('apollo-require-preflight', 'true')
      .set('accept-encoding', 'identity')
      .expect(200);
    // node:http, because supertest and fetch decompress before the test could see the bytes.
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      get(
        `${shop.url}${url}`,
        { headers: { 'apollo-require-preflight': 'true', 'accept-encoding': 'br' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        },
      ).on('error', reject);
    });
    expect(raw.headers['x-cache']).toBe('HIT');
    expect(raw.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(raw.body).toString('utf8'))).toEqual(plain.body);
    expect(raw.body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(plain.body)));
  });

  it('never answers from the cache without the CSRF header, with credentials, or for a mutation', async () => {
    await shop.http.get(productsUrl).set('apollo-require-preflight', 'true').expect(200);
    const blocked = await shop.http.get(productsUrl);
    expect(blocked.status).toBe(400);
    const withCredentials = await shop.http
      .get(productsUrl)
      .set('apollo-require-preflight', 'true')
      .set('authorization', 'Bearer x');
    expect(withCredentials.headers['x-cache']).toBeUndefined();
  });

  it('drops cached answers when a review is written', async () => {
    const reviewsUrl = '/api/reviews/list';
    await shop.http.get(reviewsUrl).expect(200);
    await shop.http.get(reviewsUrl).expect(200);
    const cached = await shop.http.get(reviewsUrl).expect(200);
    expect(cached.headers['x-cache']).toBe('HIT');
    await shop.http
      .post('/api/reviews/add')
      .send({ name: 'Baraka', rating: 5, title: 'Great', fullReview: 'Superb.' })
      .expect(201);
    const fresh = await shop.http.get(reviewsUrl).expect(200);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(fresh.body.data[0].name).toBe('Baraka');
  });
});
