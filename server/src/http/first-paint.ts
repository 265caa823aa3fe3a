import { escapeHtml } from '../shared/html';

/**
 * The first screen written into a storefront page's HTML, so the browser paints the header and the page's
 * largest image (its LCP) as soon as the HTML and CSS arrive instead of after the JavaScript has run. It uses
 * the client components' class names (their CSS is linked in the head), so each element is drawn at the size
 * React will draw it; React replaces the whole of #root when it starts (createRoot, not hydration), and nothing
 * here needs to stay in step with the components beyond those class names.
 */
export interface FirstPaintImage {
  src: string;
  srcSet?: string | null;
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

/** A breadcrumb after Home; the last is the page itself. */
export interface FirstPaintCrumb {
  name: string;
  path: string;
}

export type FirstPaint =
  | { kind: 'product'; name: string; priceText: string; image?: FirstPaintImage; breadcrumbs: FirstPaintCrumb[] }
  | {
      kind: 'category';
      title: string;
      /** The category's description and its product count ('12 products'), drawn where the client draws them. */
      description?: string | null;
      countText?: string;
      product?: { name: string; category: string; image?: FirstPaintImage };
      breadcrumbs: FirstPaintCrumb[];
    }
  | { kind: 'home'; card?: { name: string; description: string; path: string; image: FirstPaintImage } };

/** A header link, from the client build's server-manifest.json (the client's header draws the same). */
interface NavLink {
  to: string;
  label: string;
}

function image(picture: FirstPaintImage, className?: string): string {
  const srcSet = picture.srcSet ? ` srcset="${escapeHtml(picture.srcSet)}" sizes="${escapeHtml(picture.sizes)}"` : '';
  return `<img src="${escapeHtml(picture.src)}"${srcSet} width="${picture.width}" height="${picture.height}" alt="${escapeHtml(
    picture.alt,
  )}" fetchpriority="high" decoding="async"${className ? ` class="${className}"` : ''}>`;
}

/** The client's Breadcrumbs (catalog/components/breadcrumbs.tsx): drawn at once, so the page below never shifts. */
function breadcrumbs(trail: FirstPaintCrumb[]): string {
  const steps = [{ name: 'Home', path: '/' }, ...trail];
  const items = steps.map(
    (step, index) =>
      `<li><a href="${escapeHtml(step.path)}"${index === steps.length - 1 ? ' aria-current="page"' : ''}>${escapeHtml(
        step.name,
      )}</a></li>`,
  );
  return `<nav aria-label="Breadcrumb" class="breadcrumbs"><ol>${items.join('')}</ol></nav>`;
}

// The cards' names are h3 under an h2, as in the client's render (the category page's visually hidden "Products",
// the carousel's "Shop by Category"); hidden here so the first paint keeps its layout and only the outline is whole.
function hiddenHeading(text: string): string {
  return `<h2 class="visually-hidden">${escapeHtml(text)}</h2>`;
}

function pageContent(firstPaint: FirstPaint): string {
  switch (firstPaint.kind) {
    case 'product':
      return `<div class="page product-page">${breadcrumbs(
        firstPaint.breadcrumbs,
      )}<article class="product-detail"><div class="product-gallery"><div class="product-gallery__main">${
        firstPaint.image ? image(firstPaint.image) : ''
      }</div></div><div class="product-detail__info"><h1 class="product-detail__name">${escapeHtml(
        firstPaint.name,
      )}</h1><p class="product-price product-price--large">${escapeHtml(firstPaint.priceText)}</p></div></article></div>`;
    case 'category': {
      const product = firstPaint.product;
      const card = product
        ? `<ul class="product-grid"><li><article class="product-card"><div class="product-card__media">${
            product.image ? `<div class="product-card__image-button">${image(product.image)}</div>` : ''
          }</div><h3 class="product-card__name">${escapeHtml(product.name)}</h3><p class="product-card__category">${escapeHtml(
            product.category,
          )}</p></article></li></ul>`
        : '';
      const intro = firstPaint.description
        ? `<p class="catalog-page__intro">${escapeHtml(firstPaint.description)}</p>`
        : '';
      const count = firstPaint.countText
        ? `<p class="catalog-page__count">${escapeHtml(firstPaint.countText)}</p>`
        : '';
      return `<div class="page catalog-page">${breadcrumbs(firstPaint.breadcrumbs)}<header class="catalog-page__header"><h1 class="catalog-page__title">${escapeHtml(
        firstPaint.title,
      )}</h1>${intro}${count}</header><div class="catalog-page__layout"><section class="catalog-page__results">${
        card ? `${hiddenHeading('Products')}${card}` : ''
      }</section></div></div>`;
    }
    case 'home': {
      const card = firstPaint.card;
      return `<div class="home"><h1 class="visually-hidden">Manukato: perfumes and fragrances in Kenya</h1>${
        card
          ? `<section class="category-carousel">${hiddenHeading(
              'Shop by Category',
            )}<ul class="category-carousel__list"><li class="category-carousel__item"><a href="${escapeHtml(
              card.path,
            )}" class="category-card">${image(card.image, 'category-card__image')}<h3 class="category-card__name">${escapeHtml(
              card.name,
            )}</h3><p class="category-card__description">${escapeHtml(card.description)}</p></a></li></ul></section>`
          : ''
      }</div>`;
    }
  }
}

/** The notice the client's TestModeNotice draws (shared/ui/test-mode-notice.tsx there): the same element. */
export const testModeNoticeHtml = '<p class="test-mode-notice">Test mode — no real payments</p>';

/**
 * The customer layout's header and main, filled with the page's first screen (or nothing for other pages).
 * `testMode`: payments go through the stand-in, and the header says so from the first paint (no layout shift).
 */
export function renderFirstPaint(
  navLinks: NavLink[],
  firstPaint: FirstPaint | undefined,
  options: { testMode?: boolean } = {},
): string {
  const links = navLinks.map((link) => `<li><a href="${escapeHtml(link.to)}">${escapeHtml(link.label)}</a></li>`);
  return `<div class="customer-layout"><header class="site-header">${
    options.testMode ? testModeNoticeHtml : ''
  }<div class="site-header__inner"><a href="/" class="site-header__brand">MANUKATO</a><nav aria-label="Main" class="site-header__nav"><ul>${links.join(
    '',
  )}</ul></nav></div></header><main id="main" class="customer-layout__main">${
    firstPaint ? pageContent(firstPaint) : ''
  }</main></div>`;
}
