import { JSDOM } from 'jsdom';
import { insertGeneratedProducts } from '../../../test/generated-products';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { staticPaths } from '../sitemap';
import { singleRow } from '../../shared/single-row';

const publicUrl = 'https://manukato.example';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const { DOMParser } = new JSDOM('').window;

let shop: TestShop;
beforeAll(async () => {
  // 1,000 URLs a file (the format's 50,000 in production) so 2,500 products make three product files.
  shop = await startTestShop({ seed: false, env: { PUBLIC_URL: publicUrl, SITEMAP_URLS_PER_FILE: '1000' } });
  await insertGeneratedProducts(shop, { count: 2_500, prefix: 'Mapped' });
});
afterAll(() => shop.close());

/** The document, refused unless it is well-formed XML in the sitemap namespace with the expected root. */
function parseXml(text: string, root: 'urlset' | 'sitemapindex'): Document {
  const document = new DOMParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(document.documentElement.localName).toBe(root);
  expect(document.documentElement.namespaceURI).toBe(namespace);
  return document;
}

/** The paths of every <loc> under each `entry` (url or sitemap), without the public URL. */
function locations(document: Document, entry: 'url' | 'sitemap'): string[] {
  return [...document.getElementsByTagNameNS(namespace, entry)].map((element) => {
    const location = element.getElementsByTagNameNS(namespace, 'loc')[0]?.textContent ?? '';
    expect(location.startsWith(publicUrl)).toBe(true);
    return location.slice(publicUrl.length);
  });
}

async function fetchXml(path: string, root: 'urlset' | 'sitemapindex') {
  const response = await shop.http
    .get(path)
    .expect(200)
    .expect('content-type', /application\/xml/);
  return parseXml(response.text, root);
}

const productIds = (paths: string[]) => paths.map((path) => Number(/^\/product\/(\d+)$/.exec(path)?.[1]));

describe('sitemap at 2,500 products, 1,000 URLs a file', () => {
  it('serves an index of the pages file and three product files, each with its newest change', async () => {
    const index = await fetchXml('/sitemap.xml', 'sitemapindex');
    expect(locations(index, 'sitemap')).toEqual([
      '/sitemap-pages.xml',
      '/sitemap-products-1.xml',
      '/sitemap-products-2.xml',
      '/sitemap-products-3.xml',
    ]);
    const lastModified = [...index.getElementsByTagNameNS(namespace, 'lastmod')].map((element) => element.textContent);
    expect(lastModified).toHaveLength(3);
    for (const day of lastModified) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists home, new arrivals, the static pages and every category in the pages file', async () => {
    const pages = locations(await fetchXml('/sitemap-pages.xml', 'urlset'), 'url');
    const categories = await shop.orm.em.getConnection().execute<{ slug: string }[]>('select slug from categories');
    expect(categories.length).toBeGreaterThan(0);
    expect(pages).toEqual(expect.arrayContaining([...staticPaths, '/category/for-children']));
    expect(pages).toHaveLength(staticPaths.length + categories.length);
    expect(pages.some((path) => path.startsWith('/product/'))).toBe(false);
  });

  it('puts every product in exactly one file of at most 1,000 URLs, in id order', async () => {
    const files = [];
    for (const file of [1, 2, 3]) {
      files.push(productIds(locations(await fetchXml(`/sitemap-products-${file}.xml`, 'urlset'), 'url')));
    }
    expect(files.map((ids) => ids.length)).toEqual([1_000, 1_000, 500]);
    const all = files.flat();
    expect(all).toEqual([...all].sort((left, right) => left - right));
    const live = await shop.orm.em
      .getConnection()
      .execute<{ id: number }[]>('select id from products where archived_at is null order by id');
    expect(all).toEqual(live.map((row) => row.id));
  });

  it('reads each file with one statement, whatever its length', async () => {
    const cost = async (path: string) => {
      shop.responseCache.clear();
      return (await shop.statements.measure(() => shop.http.get(path).expect(200))).statements;
    };
    const costs = {
      index: await cost('/sitemap.xml'),
      pages: await cost('/sitemap-pages.xml'),
      full: await cost('/sitemap-products-1.xml'),
      half: await cost('/sitemap-products-3.xml'),
    };
    expect(costs).toEqual({ index: 1, pages: 1, full: 1, half: 1 });
  });

  it('drops archived products, leaves a file out when none of its range is left, and 404s it', async () => {
    const connection = shop.orm.em.getConnection();
    const { first, last } = singleRow(
      await connection.execute<{ first: number; last: number }[]>(
        'select min(id) as first, max(id) as last from products',
      ),
    );
    // Everything in the third file's range, and one product of the first.
    await connection.execute('update products set archived_at = now() where id > ? or id = ?', [first + 1_999, first]);
    await shop.catalogueChanged({ everything: true });
    try {
      const index = locations(await fetchXml('/sitemap.xml', 'sitemapindex'), 'sitemap');
      expect(index).toEqual(['/sitemap-pages.xml', '/sitemap-products-1.xml', '/sitemap-products-2.xml']);
      const firstFile = productIds(locations(await fetchXml('/sitemap-products-1.xml', 'urlset'), 'url'));
      expect(firstFile).toHaveLength(999);
      expect(firstFile).not.toContain(first);
      await shop.http.get('/sitemap-products-3.xml').expect(404);
    } finally {
      await connection.execute('update products set archived_at = null where id between ? and ?', [first, last]);
      await shop.catalogueChanged({ everything: true });
    }
  });

  it.each([
    '/sitemap-products-0.xml',
    '/sitemap-products-4.xml',
    '/sitemap-products-x.xml',
    '/sitemap-products-9999999999.xml',
  ])('answers %s, a file that does not exist, with 404', async (path) => {
    await shop.http.get(path).expect(404);
  });

  it('names the index in robots.txt', async () => {
    const robots = await shop.http.get('/robots.txt').expect(200);
    expect(robots.text).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });
});
