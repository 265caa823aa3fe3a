import { toCategoryView, type CategoryRow } from '../modules/catalog/catalog.views';
import { cacheTag } from '../events/catalogue-change';
import type { RequestContext } from '../core/request-context';
import { escapeHtml } from '../shared/html';
import { singleRow } from '../shared/single-row';

/** Pages that are not products or categories, in the order the sitemap lists them. */
export const staticPaths = ['/', '/new-arrivals', '/returns', '/shipping', '/contact'];

/** The largest file number a product sitemap can have: its first id must stay inside PostgreSQL's int. */
const maxProductId = 2 ** 31 - 1;

export interface SitemapFile {
  path: string;
  lastModified?: Date;
}

interface FileRow {
  file: number;
  last_modified: Date | string;
}

/**
 * Product file n holds the live products with ids from (n - 1) × perFile + 1 to n × perFile: each file is one
 * range scan of the primary key, never more than perFile URLs, and a product stays in the same file for good.
 * Files whose whole range is deleted or archived are not listed.
 */
export function productIdRange(file: number, perFile: number): { after: number; upTo: number } | null {
  if (!Number.isSafeInteger(file) || file < 1) return null;
  const after = (file - 1) * perFile;
  if (after >= maxProductId) return null;
  return { after, upTo: Math.min(after + perFile, maxProductId) };
}

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

function urlEntry(publicUrl: string, path: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${dateOnly(lastModified)}</lastmod>` : '';
  return `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod}</url>`;
}

const xmlHeader = '<?xml version="1.0" encoding="UTF-8"?>';
const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlSet(entries: string[]): string {
  return [xmlHeader, `<urlset xmlns="${sitemapNamespace}">`, ...entries, '</urlset>', ''].join('\n');
}

/** Reads for the sitemap straight from PostgreSQL: one statement per file, whatever the catalogue's size. */
export const sitemapService = {
  /** /sitemap.xml: the pages file, then every product file that has products, with its newest change. */
  async index(ctx: RequestContext): Promise<string> {
    // Dropped from the response cache when products are added, removed or changed (decision 0035).
    ctx.cacheTags.add(cacheTag.productList);
    const { publicUrl, sitemapUrlsPerFile } = ctx.config;
    const rows = await ctx.em.getConnection().execute<FileRow[]>(
      `select ((id - 1) / ?::int + 1)::int as file, max(updated_at) as last_modified
         from products where archived_at is null group by 1 order by 1`,
      [sitemapUrlsPerFile],
    );
    const files: SitemapFile[] = [
      { path: '/sitemap-pages.xml' },
      ...rows.map((row) => ({ path: `/sitemap-products-${row.file}.xml`, lastModified: new Date(row.last_modified) })),
    ];
    const entries = files.map(({ path, lastModified }) => {
      const lastmod = lastModified ? `<lastmod>${dateOnly(lastModified)}</lastmod>` : '';
      return `  <sitemap><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod}</sitemap>`;
    });
    return [xmlHeader, `<sitemapindex xmlns="${sitemapNamespace}">`, ...entries, '</sitemapindex>', ''].join('\n');
  },

  /** /sitemap-pages.xml: home, new arrivals, the static pages and every category (a few dozen at most). */
  async pages(ctx: RequestContext): Promise<string> {
    ctx.cacheTags.add(cacheTag.categories);
    const { publicUrl } = ctx.config;
    const categories = await ctx.em
      .getConnection()
      .execute<CategoryRow[]>('select id, name, slug, description, image_file_name from categories order by name');
    return urlSet([
      ...staticPaths.map((path) => urlEntry(publicUrl, path)),
      ...categories.map((row) => urlEntry(publicUrl, toCategoryView(row, (key) => ctx.storage.publicUrl(key)).path)),
    ]);
  },

  /** /sitemap-products-<n>.xml, or null when there is no such file (no live product in its range). */
  async products(ctx: RequestContext, file: number): Promise<string | null> {
    ctx.cacheTags.add(cacheTag.productList);
    const { publicUrl, sitemapUrlsPerFile } = ctx.config;
    const range = productIdRange(file, sitemapUrlsPerFile);
    if (!range) return null;
    // PostgreSQL writes the entries (up to 50,000 of them) as one text: no row objects in JavaScript.
    const row = singleRow(
      await ctx.em.getConnection().execute<{ entries: string | null }[]>(
        `select string_agg('  <url><loc>' || ?::text || id || '</loc><lastmod>'
                || to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') || '</lastmod></url>', chr(10) order by id)
                as entries
         from products where id > ?::int and id <= ?::int and archived_at is null`,
        [escapeHtml(`${publicUrl}/product/`), range.after, range.upTo],
      ),
    );
    if (row.entries === null) return null;
    return urlSet([row.entries]);
  },
};
