import { escapeHtml } from '../shared/html';
import type { FirstPaint } from './first-paint';

/** The `sizes` of the client's images that a first screen shows, from the client build's server-manifest.json. */
export interface ImageSizes {
  /** The product page's main image. */
  productImage: string;
  /** A product card's image in a grid. */
  productCard: string;
  /** A category card's image in the home page's carousel. */
  categoryCard: string;
}

/** What the server writes into a storefront page's HTML for crawlers, link previews and a fast first paint. */
export interface PageHead {
  status: number;
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the page's canonical address (query strings dropped). */
  canonicalPath: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  ogType?: 'website' | 'product';
  noIndex?: boolean;
  jsonLd?: Record<string, unknown>[];
  /** Operations (by name, from the client build's server-manifest.json) whose answers the page starts with. */
  initialData?: { operationName: string; variables: Record<string, unknown> }[];
  /** The client source module of the route's page, for modulepreload. */
  pageModule?: string;
  /** The page's largest early image (its LCP): fetched with the HTML instead of after the JS renders it. */
  preloadImage?: { href: string; srcSet?: string | null; sizes: string };
  /** The page's first screen, drawn from the HTML before the JavaScript runs (first-paint.ts). */
  firstPaint?: FirstPaint;
}

export interface InitialDataEntry {
  operationName: string;
  variables: Record<string, unknown>;
  data: unknown;
}

/** JSON safe inside <script>: no "</script>", no "<!--", no line separators that break old parsers. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A root-relative path made absolute on the shop's address; a URL elsewhere (a bucket's) stays as it is. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The <head> tags for a page; each carries data-ssr so the client can take over on navigation. */
export function renderHeadTags(
  head: PageHead,
  publicUrl: string,
  preload: { modules: string[]; styles: string[] },
): string {
  const url = absoluteUrl(publicUrl, head.canonicalPath);
  const image = head.image ? absoluteUrl(publicUrl, head.image) : undefined;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" data-ssr>`;
  const tags = [
    `<title data-ssr>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.keywords?.length ? meta('name', 'keywords', head.keywords.join(', ')) : '',
    head.noIndex ? meta('name', 'robots', 'noindex') : '',
    head.noIndex ? '' : `<link rel="canonical" href="${escapeHtml(url)}" data-ssr>`,
    meta('property', 'og:site_name', 'Manukato'),
    meta('property', 'og:locale', 'en_KE'),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    image ? meta('property', 'og:image', image) : '',
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    image ? meta('name', 'twitter:image', image) : '',
    ...(head.jsonLd ?? []).map((item) => `<script type="application/ld+json" data-ssr>${jsonForScript(item)}</script>`),
    head.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage.href)}"${
          head.preloadImage.srcSet ? ` imagesrcset="${escapeHtml(head.preloadImage.srcSet)}"` : ''
        } imagesizes="${escapeHtml(head.preloadImage.sizes)}" fetchpriority="high">`
      : '',
    ...preload.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...preload.modules.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Puts the head tags and the first screen's data into the built index.html. */
export function renderPage(
  template: string,
  headTags: string,
  initialData: InitialDataEntry[],
  clientConfig: Record<string, unknown> = {},
  rootHtml = '',
): string {
  const withoutDefaults = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const dataScript =
    initialData.length > 0
      ? `<script id="__APOLLO_DATA__" type="application/json">${jsonForScript(initialData)}</script>\n  `
      : '';
  // What the browser needs to know at run time (e.g. whether Google sign-in is configured). Like the first-screen
  // data, a JSON data block the client reads (its app/server-config.ts): the Content-Security-Policy allows
  // no inline script, and a data block is not executed.
  const configScript = `<script id="__MANUKATO_CONFIG__" type="application/json">${jsonForScript(clientConfig)}</script>\n  `;
  const html = withoutDefaults
    .replace('</head>', `  ${headTags}\n  </head>`)
    .replace('<div id="root"></div>', `${configScript}${dataScript}<div id="root">${rootHtml}</div>`);
  // With a first paint in the HTML the page's image matters before the JavaScript that takes it over:
  // the scripts still start at once, but behind the LCP image and the stylesheets, not ahead of them.
  return rootHtml ? deprioritiseScripts(html) : html;
}

function deprioritiseScripts(html: string): string {
  return html
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}
