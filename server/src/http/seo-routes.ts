import { Router } from 'express';
import { catalogService } from '../modules/catalog/catalog.service';
import { rememberAnswer } from './cache-responses';
import { escapeHtml } from './page-html';
import { privatePaths } from './pages';

const staticPaths = ['/', '/new-arrivals', '/returns', '/shipping', '/contact'];

/** /sitemap.xml (home, categories, new arrivals, products, static pages) and /robots.txt pointing to it. */
export function seoRoutes(): Router {
  const router = Router();

  router.get('/sitemap.xml', async (request, response) => {
    const { publicUrl } = request.ctx.config;
    const [categories, products] = await Promise.all([
      catalogService.listCategories(request.ctx),
      catalogService.listAllProducts(request.ctx),
    ]);
    const entry = (path: string, lastModified?: Date) =>
      `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...staticPaths.map((path) => entry(path)),
      ...categories.map((category) => entry(category.path)),
      ...products.map((product) => entry(`/product/${product.id}`, product.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    rememberAnswer(request.ctx.responseCache, request, response);
    response.type('application/xml').send(body);
  });

  // Browsers ask for /favicon.ico whatever the page says; answer with the shop's icon.
  router.get('/favicon.ico', (request, response) => {
    response.redirect(301, '/favicon.svg');
  });

  router.get('/robots.txt', (request, response) => {
    const { publicUrl } = request.ctx.config;
    response
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...[...privatePaths, '/graphql', '/api/'].map((path) => `Disallow: ${path}`),
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  return router;
}
