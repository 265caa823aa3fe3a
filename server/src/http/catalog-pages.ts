import { absoluteUrl, type ImageSizes, type PageHead } from './page-html';
import type { RequestContext } from '../core/request-context';
import type { DeliveryLocation } from '../modules/orders/delivery-location.entity';
import type { Review } from '../modules/reviews/review.entity';
import { reviewsService } from '../modules/reviews/reviews.service';
import { deliveryDays, deliveryService } from '../modules/orders/delivery.service';
import { deliveryFeeCents, unitPriceCents } from '../modules/orders/order-money';
import { catalogService } from '../modules/catalog/catalog.service';
import type { ProductVariantView, ProductView } from '../modules/catalog/catalog.views';
import { centsToDecimal, formatKsh } from '../shared/money';

/** Prices in structured data: shillings as a decimal string from integer cents. */

const home = { '@type': 'ListItem', position: 1, name: 'Home', item: '' };

function breadcrumbs(publicUrl: string, trail: { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { ...home, item: `${publicUrl}/` },
      ...trail.map(({ name, path }, index) => ({
        '@type': 'ListItem',
        position: index + 2,
        name,
        item: `${publicUrl}${path}`,
      })),
    ],
  };
}

/**
 * What delivering one of this product costs and takes, from the stored locations: the cheapest one's fee and
 * time, or nothing to pay when the product alone reaches the free-delivery threshold (as checkout charges).
 */
function shippingDetails(locations: readonly DeliveryLocation[], priceCents: number): Record<string, unknown> {
  const cheapest = deliveryService.cheapest(locations);
  const feeCents = cheapest ? deliveryFeeCents(priceCents, cheapest.feeCents) : undefined;
  const days = cheapest ? deliveryDays(cheapest.deliveryTime) : null;
  return {
    '@type': 'OfferShippingDetails',
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'KE' },
    ...(feeCents === undefined
      ? {}
      : { shippingRate: { '@type': 'MonetaryAmount', value: centsToDecimal(feeCents), currency: 'KES' } }),
    // The stored time is the whole promise from order to door, so it is all transit; handling adds none.
    ...(days
      ? {
          deliveryTime: {
            '@type': 'ShippingDeliveryTime',
            handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 0, unitCode: 'DAY' },
            transitTime: { '@type': 'QuantitativeValue', minValue: days.min, maxValue: days.max, unitCode: 'DAY' },
          },
        }
      : {}),
  };
}

/**
 * How many of a product's newest reviews its page lists first and its JSON-LD carries: the client's
 * PRODUCT_REVIEWS_PAGE_SIZE (reviews-constants.ts), so the embedded first page is the one the page asks for.
 */
export const productReviewsPageSize = 5;

/** A review as schema.org's Review, for a product's JSON-LD. */
function reviewLd(review: Review): Record<string, unknown> {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.name },
    datePublished: review.createdAt.toISOString().slice(0, 10),
    name: review.title,
    reviewBody: review.fullReview,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
}

// Search engines show about 155 characters; the same cut as the client's product page (product-page.tsx).
function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 155 ? flat : `${flat.slice(0, 154).trimEnd()}…`;
}

/** The product's own SKU in structured data; a ProductGroup's productGroupID. */
function productSku(id: number): string {
  return `MK-${String(id).padStart(4, '0')}`;
}

/** A size's name in structured data: the product's with the size, e.g. "Oud Savanna – 5 ml decant · Eau de Parfum". */
function variantName(product: ProductView, variant: ProductVariantView): string {
  return variant.label ? `${product.name} – ${variant.label}` : `${product.name} – ${variant.sku ?? variant.id}`;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/**
 * Heads for the catalogue's pages: product and category. `imageSizes` are the client's (its product-gallery.tsx and
 * product-card.tsx use the same): preload and first paint pick the same srcset entry the page will use.
 */
export const catalogPages = {
  /** `size`: the URL's `?size=`, the chosen size's id; the default size when it names none of this product's. */
  async product(ctx: RequestContext, id: number, imageSizes: ImageSizes, size?: string): Promise<PageHead | undefined> {
    const product = await catalogService.findProduct(ctx, id);
    if (!product) return undefined;
    const { categories, images } = product;
    // Only this product's own shown reviews rate it (decision 0050): the shop's reviews are about the shop.
    const [summary, reviews, locations] = await Promise.all([
      reviewsService.summaryOf(ctx, product.id),
      reviewsService.listForProduct(ctx, product.id, { limit: productReviewsPageSize, offset: 0 }),
      deliveryService.listLocations(ctx),
    ]);
    const { publicUrl, priceValidUntil } = ctx.config;
    const path = `/product/${product.id}`;
    const category = categories[0];
    // One trail for the JSON-LD and the visible breadcrumbs (the client draws the same from its query).
    const trail = [
      ...(category ? [{ name: titleCase(category.name), path: category.path }] : []),
      { name: product.name, path },
    ];
    const price = product.effectivePriceCents;
    // The first paint draws the size the URL names, as the client's page will (its product-page.tsx).
    const chosen = product.variants.find((variant) => String(variant.id) === size);
    const firstImage = images.find((image) => chosen?.imageIds[0] === image.id) ?? images[0];
    const rating =
      summary.count > 0 && summary.averageRating !== null
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: summary.averageRating,
              reviewCount: summary.count,
              bestRating: 5,
              worstRating: 1,
            },
            review: reviews.map(reviewLd),
          }
        : {};
    const common = {
      '@context': 'https://schema.org',
      name: product.name,
      description: product.description,
      brand: { '@type': 'Brand', name: 'Manukato' },
      category: product.category,
      image: images.map((image) => absoluteUrl(publicUrl, image.url)),
    };
    const offerOf = (url: string, priceCents: number, inStock: boolean): Record<string, unknown> => ({
      '@type': 'Offer',
      url,
      priceCurrency: 'KES',
      price: centsToDecimal(priceCents),
      priceValidUntil,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: shippingDetails(locations, priceCents),
    });
    // One size: a plain Product, as before sizes. Several: Google's product variants (decision 0087), a
    // ProductGroup whose each size is a Product with its own Offer at the price checkout charges for it.
    const productLd: Record<string, unknown> =
      product.variants.length > 1
        ? {
            ...common,
            '@type': 'ProductGroup',
            url: `${publicUrl}${path}`,
            productGroupID: productSku(product.id),
            variesBy: ['https://schema.org/size'],
            hasVariant: product.variants.map((variant) => {
              const url = `${publicUrl}${path}?size=${variant.id}`;
              const own = images.filter((image) => variant.imageIds.includes(image.id));
              return {
                '@type': 'Product',
                name: variantName(product, variant),
                sku: variant.sku ?? `${productSku(product.id)}-${variant.id}`,
                size: variant.label || variantName(product, variant),
                image: (own.length > 0 ? own : images).map((image) => absoluteUrl(publicUrl, image.url)),
                url,
                offers: offerOf(url, unitPriceCents(variant), variant.inStock),
              };
            }),
            ...rating,
          }
        : {
            ...common,
            '@type': 'Product',
            sku: productSku(product.id),
            offers: offerOf(`${publicUrl}${path}`, price, product.inStock),
            ...rating,
          };
    return {
      status: 200,
      title: `${product.name} | Manukato`,
      description: metaDescription(product.description),
      keywords: [product.name, ...categories.map((item) => titleCase(item.name)), 'perfume', 'Kenya', 'Ksh'],
      canonicalPath: path,
      image: images[0]?.url,
      ogType: 'product',
      jsonLd: [productLd, breadcrumbs(publicUrl, trail)],
      initialData: [
        { operationName: 'ProductPage', variables: { id: product.id } },
        // The reviews section's first page, as the client asks for it (reviews' ProductReviews query).
        {
          operationName: 'ProductReviews',
          variables: { productId: product.id, limit: productReviewsPageSize, offset: 0 },
        },
      ],
      // The same srcset and sizes as the product page's main image (client product-gallery.tsx).
      preloadImage: firstImage
        ? { href: firstImage.url, srcSet: firstImage.srcSet, sizes: imageSizes.productImage }
        : undefined,
      firstPaint: {
        kind: 'product',
        breadcrumbs: trail,
        name: product.name,
        priceText: formatKsh(chosen ? unitPriceCents(chosen) : price),
        image: firstImage
          ? {
              src: firstImage.url,
              srcSet: firstImage.srcSet,
              sizes: imageSizes.productImage,
              width: firstImage.width,
              height: firstImage.height,
              alt: product.name,
            }
          : undefined,
      },
      pageModule: 'src/app/pages/product-route.tsx',
    };
  },

  async category(ctx: RequestContext, slug: string, hasQuery: boolean, imageSizes: ImageSizes): Promise<PageHead> {
    const { title, category } = await catalogService.categoryMatch(ctx, slug);
    // The first card's image (the same sizes as client product-card.tsx) and the count above the grid, when the
    // list is the unfiltered one: drawn at once, the page does not move when the app replaces the first paint.
    const [[first], count] = hasQuery
      ? [[], undefined]
      : await Promise.all([
          catalogService.listProducts(ctx, { filter: { categorySlug: slug }, page: { limit: 1, offset: 0 } }),
          catalogService.countProducts(ctx, { categorySlug: slug }),
        ]);
    const firstImage = first?.images[0];
    const path = `/category/${category?.slug ?? slug}`;
    const name = titleCase(title);
    return {
      status: 200,
      title: `${name} perfumes | Manukato`,
      description: category?.description
        ? `${category.description} Shop ${name.toLowerCase()} at Manukato, delivered across Kenya.`
        : `Shop ${name.toLowerCase()} at Manukato, delivered across Kenya.`,
      keywords: [name, 'perfume', 'fragrance', 'Kenya', 'Nairobi'],
      canonicalPath: path,
      image: category?.imageUrl ?? undefined,
      jsonLd: [breadcrumbs(ctx.config.publicUrl, [{ name, path }])],
      initialData: [
        { operationName: 'CategoryPage', variables: { slug } },
        // Only the unfiltered list: the client's variables must match exactly to use it.
        ...(hasQuery
          ? []
          : [
              {
                operationName: 'CategoryProducts',
                variables: { filter: { categorySlug: slug }, sort: 'BEST_SELLING', limit: 60 },
              },
            ]),
      ],
      pageModule: 'src/features/catalog/pages/category-page.tsx',
      preloadImage: firstImage
        ? { href: firstImage.url, srcSet: firstImage.srcSet, sizes: imageSizes.productCard }
        : undefined,
      firstPaint: {
        kind: 'category',
        breadcrumbs: [{ name, path }],
        title,
        description: category?.description,
        // The client's wording (features/catalog/pages/product-count-text.ts): '1 product', '12 products'.
        countText: count === undefined ? undefined : `${count} ${count === 1 ? 'product' : 'products'}`,
        product: first
          ? {
              name: first.name,
              category: first.category,
              image: firstImage
                ? {
                    src: firstImage.url,
                    srcSet: firstImage.srcSet,
                    sizes: imageSizes.productCard,
                    width: firstImage.width,
                    height: firstImage.height,
                    alt: first.name,
                  }
                : undefined,
            }
          : undefined,
      },
    };
  },
};
