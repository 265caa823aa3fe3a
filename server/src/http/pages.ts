import type { RequestContext } from '../core/request-context';
import type { ImageSizes, PageHead } from './page-html';
import { catalogPages } from './catalog-pages';
import { catalogService } from '../modules/catalog/catalog.service';
import { categoryImageName } from '../modules/catalog/catalog.samples';

/**
 * The home page's LCP, the first carousel card (For Women), with the client's srcset and sizes
 * (its category-carousel.tsx): preloaded, and drawn in the first paint.
 */
async function firstCarouselCard(
  ctx: RequestContext,
  imageSizes: ImageSizes,
): Promise<Pick<PageHead, 'preloadImage' | 'firstPaint'>> {
  const category = await catalogService.findCategoryBySlug(ctx, 'for-women');
  if (!category?.imageUrl) return {};
  return {
    preloadImage: { href: category.imageUrl, srcSet: category.imageSrcSet, sizes: imageSizes.categoryCard },
    firstPaint: {
      kind: 'home',
      card: {
        name: category.name,
        description: category.description,
        path: category.path,
        image: {
          src: category.imageUrl,
          srcSet: category.imageSrcSet,
          sizes: imageSizes.categoryCard,
          width: 320,
          height: 240,
          alt: '',
        },
      },
    },
  };
}

const siteKeywords = ['perfume', 'fragrance', 'room spray', 'Kenya', 'Nairobi', 'Ksh', 'Manukato'];

/**
 * The shop itself for search engines, on the home page: an OnlineStore (an Organization) with its name, address and
 * logo. No rating: reviews of the shop are its own, which Google's review snippets do not take (decision 0050).
 * No contactPoint either: the footer's phone and e-mail are placeholders until the owner supplies them.
 */
function onlineStoreLd(publicUrl: string, siteDescription: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: 'Manukato',
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    description: siteDescription,
    areaServed: { '@type': 'Country', name: 'Kenya' },
  };
}

/** Pages the spec (§2) marks as not to be indexed; robots.txt disallows them too. */
export const privatePaths = [
  '/oxalis',
  '/account',
  '/login',
  '/register',
  '/forgot-password',
  '/verify-otp',
  '/my-orders',
  '/cart',
  '/reset-password',
  '/checkout',
  // Links from e-mails carrying a subscriber's token.
  '/newsletter',
];

// The same titles and descriptions as the pages' own PageMeta, which takes the head over when the client starts.
const staticPages: Record<string, { title: string; description: string; pageModule?: string }> = {
  '/new-arrivals': {
    title: 'New Arrivals | Manukato',
    description: 'The newest perfumes, fragrances and room sprays at Manukato, delivered across Kenya.',
    pageModule: 'src/features/catalog/pages/new-arrivals-page.tsx',
  },
  '/returns': {
    title: 'Returns Policy | Manukato',
    description:
      'Return unused perfumes in their original packaging within 7 days of delivery; refunds in 5-7 business days.',
    pageModule: 'src/features/info/pages/returns-page.tsx',
  },
  '/shipping': {
    title: 'Shipping Information | Manukato',
    description: 'Delivery fees and times for Nairobi and the rest of Kenya, and the order total that ships free.',
    pageModule: 'src/features/info/pages/shipping-page.tsx',
  },
  '/contact': {
    title: 'Contact Us | Manukato',
    description: 'Call, e-mail or WhatsApp the Manukato support team about orders, deliveries and returns.',
    pageModule: 'src/features/info/pages/contact-page.tsx',
  },
};

export const notFoundHead: PageHead = {
  status: 404,
  title: 'Page not found | Manukato',
  description: "Oops! The page you're looking for doesn't exist.",
  canonicalPath: '/',
  noIndex: true,
};

/** What a page's head takes from the client's build (its server manifest). */
export interface ClientPageFacts {
  /** The client's, so a preloaded image is the srcset entry the page will pick. */
  imageSizes: ImageSizes;
  /** The client's default description (PageMeta's), for the pages that have none of their own. */
  siteDescription: string;
}

/**
 * What the server writes into the HTML of a route the client knows; unknown routes get notFoundHead.
 * `search`: the request's `q`, trimmed and capped (the /search page's title). `size`: the request's `size`, the
 * product page's chosen size (its first paint shows that size's price and image).
 */
export async function describePage(
  ctx: RequestContext,
  pathname: string,
  hasQuery: boolean,
  { imageSizes, siteDescription }: ClientPageFacts,
  search = '',
  { size }: { size?: string } = {},
): Promise<PageHead> {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/search') {
    // Results pages are endless and thin: kept out of search engines (noindex) and of the sitemap (decision 0051).
    // The title is the client's searchTitle (features/catalog/search-text.ts).
    return {
      status: 200,
      title: `${search ? `Search results for “${search}”` : 'Search'} | Manukato`,
      description: siteDescription,
      canonicalPath: '/search',
      noIndex: true,
      pageModule: 'src/features/catalog/pages/search-page.tsx',
    };
  }
  if (path === '/') {
    return {
      status: 200,
      title: 'Perfumes, fragrances and room sprays in Kenya | Manukato',
      description: siteDescription,
      keywords: siteKeywords,
      canonicalPath: '/',
      image: ctx.storage.publicUrl(categoryImageName('for-women')),
      jsonLd: [onlineStoreLd(ctx.config.publicUrl, siteDescription)],
      initialData: [
        { operationName: 'NewArrivalsSection', variables: { limit: 6 } },
        { operationName: 'CategoryCarousel', variables: {} },
        { operationName: 'Reviews', variables: { limit: 6 } },
      ],
      pageModule: 'src/app/pages/home-page.tsx',
      ...(await firstCarouselCard(ctx, imageSizes)),
    };
  }
  const product = /^\/product\/([^/]+)$/.exec(path);
  if (product) return (await catalogPages.product(ctx, Number(product[1]), imageSizes, size)) ?? notFoundHead;
  const categorySlug = /^\/category\/([^/]+)$/.exec(path)?.[1];
  if (categorySlug !== undefined)
    return catalogPages.category(ctx, decodeURIComponent(categorySlug), hasQuery, imageSizes);
  const page = staticPages[path];
  if (page) {
    return {
      status: 200,
      ...page,
      keywords: siteKeywords,
      canonicalPath: path,
      initialData:
        path === '/new-arrivals' && !hasQuery
          ? [{ operationName: 'NewArrivalsPage', variables: { filter: {}, sort: 'NEWEST', limit: 60 } }]
          : [],
    };
  }
  if (privatePaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return { status: 200, title: 'Manukato', description: siteDescription, canonicalPath: path, noIndex: true };
  }
  return { status: 200, title: 'Manukato', description: siteDescription, keywords: siteKeywords, canonicalPath: path };
}
